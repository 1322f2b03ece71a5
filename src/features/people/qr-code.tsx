/** A QR code drawn from its modules (row by row, "1" dark), with its quiet zone; named for screen
 * readers by what it opens. */
export function QrCode({
  qr,
  label,
  size = 192,
}: {
  qr: { size: number; cells: string }
  label: string
  size?: number
}) {
  let path = ''
  for (let i = 0; i < qr.cells.length; i++)
    if (qr.cells[i] === '1') path += `M${(i % qr.size) + 4} ${Math.floor(i / qr.size) + 4}h1v1h-1z`
  const side = qr.size + 8
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${side} ${side}`}
      width={size}
      height={size}
      shapeRendering="crispEdges"
      className="bg-white"
    >
      <path d={path} fill="#000" />
    </svg>
  )
}
