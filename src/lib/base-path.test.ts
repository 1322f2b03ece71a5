import { expect, test } from 'vitest'
import { basePathOf, withoutBase } from './base-path'

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

test.each([
  ['http://127.0.0.1:8080/stitchboard/', '/stitchboard'],
  ['https://intranet.example/tools/stitchboard/', '/tools/stitchboard'],
  ['http://127.0.0.1:8080/', ''],
  ['/stitchboard/', '/stitchboard'],
  [undefined, ''],
  ['', ''],
])('basePathOf(%j) → %j', (href, base) => {
  expect(basePathOf(href)).toBe(base)
})
