/** Hands text to the browser as a file download. */
export function downloadTextFile(fileName: string, text: string, type: string): void {
  // The byte-order mark makes spreadsheet programs read the UTF-8 names correctly.
  const blob = new Blob(['\ufeff', text], { type });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
