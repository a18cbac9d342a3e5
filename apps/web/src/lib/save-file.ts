/**
 * Hands a downloaded file to the browser under `filename`, through a temporary link: a plain
 * link cannot carry the bearer token, so files the API guards are fetched first. Works on phones
 * too (iOS Safari 13+ and Android Chrome honour `download` on a blob URL).
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // the browser has taken the file once the click's task is over
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
