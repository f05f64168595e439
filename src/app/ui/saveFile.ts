/** The bytes of base64 text (the callable protocol carries JSON, so files come base64). */
export function base64Bytes(base64: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/**
 * Saves bytes or text as a file download. Text may come in parts (a large export's chunks),
 * which the Blob joins without building one long string first.
 */
export function saveFile(
  fileName: string,
  content: Uint8Array<ArrayBuffer> | string | readonly string[],
  type: string,
) {
  const parts = typeof content === 'string' || content instanceof Uint8Array ? [content] : content;
  const url = URL.createObjectURL(new Blob([...parts], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
