// Reading a text field from FormData. `form.get()` may return a File (a file
// input, or a hostile page's script); a text field that is not text is empty,
// never "[object File]".
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
