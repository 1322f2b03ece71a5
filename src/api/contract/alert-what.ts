import * as z from 'zod/mini'
import { PRODUCT_CODE_WORDS } from '../../lib/status-codes'

/** What an alert is about (the domain's AlertWhat), as the server keeps it and sends it: its words are
 * made from it in each reader's language (src/lib/alert-words.ts). */
export const alertWhatSchema = z.discriminatedUnion('rule', [
  z.object({
    rule: z.literal('state'),
    state: z.enum(['stopped', 'threadbreak', 'error', 'not-reporting', 'unknown']),
    code: z.nullable(z.int()),
    label: z.nullable(z.string().check(z.maxLength(200))),
    words: z.optional(z.enum(PRODUCT_CODE_WORDS)),
    atLeast: z.boolean(),
  }),
  z.object({ rule: z.literal('head-breaks'), head: z.int(), needle: z.int(), inARow: z.int() }),
  z.object({
    rule: z.literal('hot-spot'),
    head: z.nullable(z.int()),
    needle: z.nullable(z.int()),
    count: z.int(),
    ratio: z.number(),
  }),
  // an enrolled wall screen silent too long (its name is the alert's "machine"); its location's name
  z.object({ rule: z.literal('screens'), location: z.nullable(z.string().check(z.maxLength(200))) }),
  // an order late or at risk (its reference is the alert's "machine")
  z.object({
    rule: z.literal('orders'),
    customer: z.string().check(z.maxLength(200)),
    late: z.boolean(),
    marginMinutes: z.int(),
  }),
  // a maintenance task overdue on a machine (the alert's machine), by more than its margin
  z.object({
    rule: z.literal('maintenance'),
    task: z.string().check(z.maxLength(200)),
    heads: z.nullable(z.string().check(z.maxLength(200))),
  }),
])
