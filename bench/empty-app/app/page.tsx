export const metadata = { title: "Empty page" };

export default function Page() {
  return <main>Empty Next.js page</main>;
}
