// A JSON syntax check over UTF-8 bytes (RFC 8259) that builds nothing: the kind of the top-level value
// ('object', 'array', 'string', 'number', 'boolean', 'null') or 'invalid'. Used by the JSON worker.

const WS = new Uint8Array(256)
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1
const HEX = new Uint8Array(256)
for (const c of '0123456789abcdefABCDEF') HEX[c.charCodeAt(0)] = 1

/** @param {Uint8Array} b */
export function jsonKind(b) {
  const n = b.length
  let i = 0
  const skip = () => {
    while (i < n && WS[b[i]]) i++
  }
  const literal = (word) => {
    for (let k = 0; k < word.length; k++) if (b[i + k] !== word.charCodeAt(k)) return false
    i += word.length
    return true
  }
  const string = () => {
    i++ // opening quote
    while (i < n) {
      const c = b[i]
      if (c === 0x22) {
        i++
        return true
      }
      if (c < 0x20) return false
      if (c === 0x5c) {
        const e = b[i + 1]
        if (e === 0x75) {
          if (!(HEX[b[i + 2]] && HEX[b[i + 3]] && HEX[b[i + 4]] && HEX[b[i + 5]])) return false
          i += 6
        } else if (
          e === 0x22 ||
          e === 0x5c ||
          e === 0x2f ||
          e === 0x62 ||
          e === 0x66 ||
          e === 0x6e ||
          e === 0x72 ||
          e === 0x74
        ) {
          i += 2
        } else return false
      } else i++
    }
    return false
  }
  const digits = () => {
    const start = i
    while (i < n && b[i] >= 0x30 && b[i] <= 0x39) i++
    return i > start
  }
  const number = () => {
    if (b[i] === 0x2d) i++
    if (b[i] === 0x30) i++
    else if (!(b[i] >= 0x31 && b[i] <= 0x39) || !digits()) return false
    if (b[i] === 0x2e) {
      i++
      if (!digits()) return false
    }
    if (b[i] === 0x65 || b[i] === 0x45) {
      i++
      if (b[i] === 0x2b || b[i] === 0x2d) i++
      if (!digits()) return false
    }
    return true
  }
  // after an object's '{' or ',': a key and its ':'
  const key = () => {
    if (b[i] !== 0x22 || !string()) return false
    skip()
    if (b[i] !== 0x3a) return false
    i++
    skip()
    return true
  }
  // the open containers, innermost last: 0x7b for an object, 0x5b for an array
  const stack = []
  // one value: a scalar whole ('string', 'number' …), a container opened ('open') or, when empty,
  // whole ('object', 'array'); null when it is not JSON
  const value = () => {
    const c = b[i]
    if (c === 0x7b || c === 0x5b) {
      const close = c + 2 // '}' and ']' follow '{' and '[' two code points on
      stack.push(c)
      i++
      skip()
      if (b[i] === close) {
        stack.pop()
        i++
        return c === 0x7b ? 'object' : 'array'
      }
      if (c === 0x7b && !key()) return null
      return 'open'
    }
    if (c === 0x22) return string() ? 'string' : null
    if (c === 0x74) return literal('true') ? 'boolean' : null
    if (c === 0x66) return literal('false') ? 'boolean' : null
    if (c === 0x6e) return literal('null') ? 'null' : null
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return number() ? 'number' : null
    return null
  }
  skip()
  const first = b[i]
  let result = value()
  const top = result === 'open' ? (first === 0x7b ? 'object' : 'array') : result
  for (;;) {
    if (result === null) return 'invalid'
    if (result === 'open') {
      skip()
      result = value()
      continue
    }
    // a value is complete: close containers or go on to the next member
    skip()
    if (stack.length === 0) break
    const container = stack[stack.length - 1]
    const c = b[i]
    if (c === 0x2c) {
      i++
      skip()
      if (container === 0x7b && !key()) return 'invalid'
      result = value()
    } else if (c === container + 2) {
      stack.pop()
      i++
      result = 'closed'
    } else return 'invalid'
  }
  return i === n ? top : 'invalid'
}
