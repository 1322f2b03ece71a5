import * as z from 'zod/mini'

/** The 13 reports whose payload the reference does not show (4.2): `{data: [rows]}` of flat records,
 * rendered generically. Values are JSON scalars in the demo upstream, but any JSON must be accepted. */
export const reportRowSchema = z.record(z.string(), z.unknown())
export type ReportRow = z.infer<typeof reportRowSchema>
