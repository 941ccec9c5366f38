import { cookieJar } from "./cookie-jar";

export async function cookies() {
  return cookieJar;
}

export async function headers() {
  return new Headers();
}
