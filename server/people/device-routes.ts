import type { Hono } from 'hono'
import { setCookie } from 'hono/cookie'
import QRCode from 'qrcode'
import * as z from 'zod'
import type { Device } from './devices'
import { changedBy, DEVICE_COOKIE } from './guard'
import { jsonOf, name, type PeopleRoutesOptions, problemOf, unavailable } from './route-parts'
import { PeopleError } from './store'

/** A device as the pages see them (never a secret or a code's digest). */
export const deviceJson = (d: Device) => ({
  id: d.id,
  kind: d.kind,
  name: d.name,
  locationId: d.locationId,
  createdAt: d.createdAt,
  createdBy: d.createdBy,
  enrolledAt: d.enrolledAt,
  seenAt: d.seenAt,
  address: d.address,
  revokedAt: d.revokedAt,
  revokedBy: d.revokedBy,
  pinLocked: d.pinLockedAt !== null,
  codeExpiresAt: d.codeExpiresAt,
})

/** The QR code of a text as its modules (row by row, "1" dark): the page draws it, no markup is sent. */
function qrOf(text: string): { size: number; cells: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' })
  return { size: modules.size, cells: Array.from(modules.data, (dark) => (dark ? '1' : '0')).join('') }
}

const newDevice = z
  .object({
    kind: z.enum(['floor', 'wall']),
    name,
    locationId: z.nullable(
      z
        .number()
        .int()
        .min(0)
        .max(2 ** 31 - 1),
    ),
  })
  .strict()
const identifiers = z
  .object({
    pin: z.optional(z.nullable(z.string().regex(/^\d{4,8}$/, 'is 4–8 digits'))),
    badge: z.optional(
      z.nullable(
        z
          .string()
          .trim()
          .regex(/^[\w-]{3,64}$/, 'is 3–64 letters and digits'),
      ),
    ),
  })
  .strict()

/** Shared floor devices and wall screens (a supervisor's): enrolled with a short code or its QR code,
 * listed with their last contact, revoked one by one, a locked PIN entry opened again; and the PINs and
 * badges people identify with on them. */
export function deviceRoutes(app: Hono, options: PeopleRoutesOptions & { publicUrl: string | null }) {
  const { guard, now } = options

  app.get('/api/devices', async (c) => {
    c.header('Cache-Control', 'no-store')
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const refusal = await guard.authorise(c, 'supervisor', 'Devices')
    if (refusal) return refusal
    return c.json({ devices: (await parts.devices.list()).map(deviceJson) })
  })

  app.post('/api/devices', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const parsed = newDevice.safeParse(body.value)
    if (!parsed.success) return c.json({ error: problemOf(parsed.error, 'The device cannot be added') }, 400)
    const { device, code } = await parts.devices.create(parsed.data, changedBy(c), now())
    const origin = options.publicUrl ?? `${new URL(c.req.url).origin}${options.basePath}`
    const link = `${origin}/enrol?code=${code}`
    return c.json({ device: deviceJson(device), code, link, qr: qrOf(link) })
  })

  // the device itself, with its code: from then on it is known by its cookie
  app.post('/api/devices/enrol', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const code = (body.value as { code?: unknown } | null)?.code
    if (typeof code !== 'string' || code.length > 20) return c.json({ error: 'Send {"code": "…"}' }, 400)
    const enrolled = await parts.devices.enrol(code, now(), options.address(c))
    await parts.audit
      .record({
        at: now(),
        actor: enrolled ? enrolled.device.name : 'anonymous',
        actorId: null,
        role: null,
        via: 'device',
        device: enrolled?.device.name ?? null,
        address: options.address(c),
        category: 'access',
        event: 'device enrolled',
        target: enrolled ? `device ${enrolled.device.id}` : '',
        result: enrolled ? 'ok' : 'refused',
        status: enrolled ? 200 : 403,
        detail: enrolled ? {} : { why: 'no such code, used, expired or revoked' },
      })
      .catch(() => {})
    if (!enrolled)
      return c.json(
        { error: 'This code is not right, was used already or has expired: ask for a new one' },
        403,
      )
    setCookie(c, DEVICE_COOKIE, enrolled.secret, {
      httpOnly: true,
      sameSite: 'Lax',
      path: options.basePath || '/',
      maxAge: 400 * 86_400,
      secure: options.isHttps(c),
    })
    return c.json({ device: deviceJson(enrolled.device) })
  })

  app.post('/api/devices/:id/revoke', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a device’s ID' }, 400)
    const revoked = await parts.devices.revoke(Number(id), changedBy(c), now())
    if (!revoked) return c.json({ error: `No device ${id} to revoke` }, 404)
    return c.json({ device: deviceJson(revoked) })
  })

  app.post('/api/devices/:id/unlock', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a device’s ID' }, 400)
    const unlocked = await parts.devices.unlock(Number(id))
    if (!unlocked) return c.json({ error: `No device ${id}` }, 404)
    return c.json({ device: deviceJson(unlocked) })
  })

  // a person's PIN and badge number (null removes one), kept as keyed digests, never shown again
  app.post('/api/people/:id/pin', async (c) => {
    const parts = options.parts()
    if (!parts) return unavailable(c)
    const id = c.req.param('id')
    if (!/^\d{1,15}$/.test(id)) return c.json({ error: 'Not a person’s ID' }, 400)
    const body = await jsonOf(c)
    if (!body.ok) return body.response
    const parsed = identifiers.safeParse(body.value)
    if (!parsed.success) return c.json({ error: problemOf(parsed.error, 'The PIN cannot be set') }, 400)
    try {
      for (const kind of ['pin', 'badge'] as const) {
        const value = parsed.data[kind]
        if (value === undefined) continue
        await parts.people.setIdentifier(
          Number(id),
          kind,
          value === null ? null : await parts.devices.keyed(kind, value),
        )
      }
    } catch (error) {
      if (error instanceof PeopleError) return c.json({ error: error.message }, error.status)
      throw error
    }
    return c.json({ set: Object.keys(parsed.data) })
  })
}
