import { expect, test } from 'vitest'
import { withoutBase } from './base-path'

test.each([
  ['/stitchboard/machines', '/stitchboard', '/machines'],
  ['/stitchboard/', '/stitchboard', '/'],
  ['/stitchboard', '/stitchboard', '/'],
  ['/stitchboard?token=x', '/stitchboard', '/?token=x'],
  ['/stitchboard/api/live?x', '/stitchboard', '/api/live?x'],
  // already stripped by the proxy, or not the base path at all: as it comes
  ['/machines', '/stitchboard', '/machines'],
  ['/stitchboardx/api', '/stitchboard', '/stitchboardx/api'],
  ['/stitchboard/machines', '', '/stitchboard/machines'],
])('withoutBase(%j, %j) → %j', (path, base, stripped) => {
  expect(withoutBase(path, base)).toBe(stripped)
})
