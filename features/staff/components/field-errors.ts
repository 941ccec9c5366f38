import { isApiFetchError } from "@/lib/api-fetch";

/** A refusal in words: the BFF's message, then each field's first message. */
export function refusalLines(error: unknown): string[] {
  if (!isApiFetchError(error)) return ["Something went wrong. Try again."];
  const fields = Object.values(error.fields ?? {}).map((messages) => messages[0] ?? "");
  return [error.message, ...fields].filter((line, index, all) => line !== "" && all.indexOf(line) === index);
}
