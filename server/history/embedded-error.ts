export class EmbeddedDatabaseError extends Error {
  override name = 'EmbeddedDatabaseError'
}
