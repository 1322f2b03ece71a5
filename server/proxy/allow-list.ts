import { REPORT_PATHS } from '../../src/api/contract/report-params'

/** A path segment we pass on (docs/architecture.md): unreserved characters only, so no encoding, slash,
 * backslash or control character can reach the upstream. `.` and `..` are refused separately. */
const SEGMENT = /^[A-Za-z0-9._~-]{1,128}$/

export function isSafeSegment(segment: string): boolean {
  return SEGMENT.test(segment) && segment !== '.' && segment !== '..'
}

export type AllowedGet =
  | { kind: 'report'; path: string }
  | { kind: 'machines'; path: string }
  | { kind: 'machine'; path: string }
  | { kind: 'collector'; path: string }
  | { kind: 'collectors'; path: string }
  | { kind: 'designs'; path: string }
  | { kind: 'work-periods'; path: string }

const REPORTS = new Set<string>(REPORT_PATHS)

/** Matches the raw path after `/api` (still percent-encoded as received) against the allow-list: the
 * endpoints of myzsk-api.md section 1 (the 16 reports, /machines, /machines/{id}, /datacollectors,
 * /datacollectors/{id}/machines, /designs, /work-periods). Null means refuse. */
export function allowedGet(rawPath: string): AllowedGet | null {
  if (!rawPath.startsWith('/')) return null
  const segments = rawPath.slice(1).split('/')
  if (!segments.every(isSafeSegment)) return null
  const path = `/${segments.map(encodeURIComponent).join('/')}`
  if (REPORTS.has(path)) return { kind: 'report', path }
  const [first, id, last] = segments
  if (segments.length === 1 && first === 'machines') return { kind: 'machines', path }
  if (segments.length === 1 && first === 'datacollectors') return { kind: 'collectors', path }
  if (segments.length === 1 && first === 'designs') return { kind: 'designs', path }
  if (segments.length === 1 && first === 'work-periods') return { kind: 'work-periods', path }
  if (segments.length === 2 && first === 'machines') return { kind: 'machine', path }
  if (segments.length === 3 && first === 'datacollectors' && last === 'machines' && id) {
    return { kind: 'collector', path }
  }
  return null
}

/** What is wrong with a raw HTTP request target before any URL parser normalises it away: dot
 * segments (plain or percent-encoded), backslashes, control characters. Null when it is fine. */
export function requestTargetProblem(target: string): string | null {
  // nearly every target is clean: one scan decides, the checks below only name the problem
  if (!SUSPICIOUS_TARGET.test(target)) return null
  const path = target.split('?')[0] ?? ''
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return 'control characters or backslashes in the request'
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path)) return 'dot segments in the path'
  if (/%(2f|5c|25|00)/i.test(path)) return 'encoded slashes, backslashes or percent signs in the path'
  return null
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this looks for
const SUSPICIOUS_TARGET = /[\\\u0000-\u001f\u007f%]|\/\./
