/** Offers `text` as a file download (the browser's own save dialog). */
export function download(filename: string, text: string, type: string) {
  downloadBlob(filename, new Blob([text], { type }))
}

/** Offers a Blob (e.g. a PNG from canvas.toBlob) as a file download. */
export function downloadBlob(filename: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
