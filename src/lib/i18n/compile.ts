import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser'
import type { Catalogue, Message, Part } from './messages'

/**
 * A catalogue's ICU MessageFormat strings compiled into stitchboard's message data (messages.ts). Runs at
 * build time (the Vite plugin turns `locales/<language>.json` into that data, so the browser never
 * loads a parser) and in the server (alert messages); never imported by the browser's code.
 */
export function compileCatalogue(source: Readonly<Record<string, string>>): Catalogue {
  const compiled: Record<string, Message> = {}
  for (const [key, text] of Object.entries(source)) {
    try {
      compiled[key] = compileMessage(text)
    } catch (error) {
      throw new Error(`message ${key}: ${(error as Error).message}`)
    }
  }
  return compiled
}

export function compileMessage(text: string): Message {
  const parts = elements(parse(text, { requiresOtherClause: true, shouldParseSkeletons: false }))
  return parts.every((part) => typeof part === 'string') ? parts.join('') : parts
}

function elements(nodes: readonly MessageFormatElement[]): Part[] {
  const parts: Part[] = []
  for (const node of nodes) {
    const part = element(node)
    // neighbouring texts joined: fewer parts to walk
    const last = parts.at(-1)
    if (typeof part === 'string' && typeof last === 'string') parts[parts.length - 1] = last + part
    else parts.push(part)
  }
  return parts
}

const branches = (options: Record<string, { value: MessageFormatElement[] }>) =>
  Object.fromEntries(
    Object.entries(options).map(([name, option]) => {
      const parts = elements(option.value)
      return [name, parts.every((part) => typeof part === 'string') ? parts.join('') : parts]
    }),
  )

function element(node: MessageFormatElement): Part {
  switch (node.type) {
    case TYPE.literal:
      return node.value
    case TYPE.argument:
      return [node.value]
    case TYPE.number:
      if (node.style) throw new Error(`{${node.value}, number, …} takes no style here: format it in code`)
      return [node.value, 'n']
    case TYPE.pound:
      return 0
    case TYPE.select:
      return [node.value, 's', branches(node.options)]
    case TYPE.plural:
      return [node.value, node.pluralType === 'ordinal' ? 'o' : 'p', node.offset, branches(node.options)]
    default:
      throw new Error(
        'only text, {arguments}, numbers, plurals and selects are used (dates, times and durations are formatted in code, by the factory’s clock)',
      )
  }
}
