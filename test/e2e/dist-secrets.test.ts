import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'

/** Runs after `npm run build`: nothing the server keeps secret is in what browsers download. */
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  )

test('dist/ holds no API key, licence or licence field', () => {
  const built = files('dist')
  expect(built.some((f) => f.endsWith('index.html'))).toBe(true)
  for (const file of built) {
    const text = readFileSync(file, 'latin1')
    for (const secret of [
      'demo-key-a',
      'demo-key-b',
      'demo-licence-a',
      'demo-licence-b',
      'WebApiLicense',
      'X-API-Key',
    ]) {
      expect(text.includes(secret), `${secret} in ${file}`).toBe(false)
    }
  }
})
