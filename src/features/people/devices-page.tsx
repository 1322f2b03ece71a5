import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useAppConfig, useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import {
  addDevice,
  type DeviceInfo,
  devicesQueryOptions,
  PEOPLE_KEY,
  revokeDevice,
  unlockDevice,
} from '../../api/people/people'
import { useT } from '../../components/i18n'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { SignInFirst, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import { roleAtLeast } from '../../lib/roles'
import { QrCode } from './qr-code'

const CELL = 'px-2 py-1 text-left align-top'

/** /devices: a supervisor enrols the floor's shared tablets and phones and the wall screens (a code and
 * its QR code), sees each one's last contact, revokes one, and opens a PIN entry locked by wrong PINs. */
export function DevicesPage() {
  const { t } = useT()
  const me = useMe()
  const may = me?.person ? roleAtLeast(me.person.role, 'supervisor') : false
  const list = useQuery({ ...devicesQueryOptions(), enabled: may })
  return (
    <section className="space-y-6 p-4" aria-labelledby="devices-heading">
      <h1 id="devices-heading" className="text-2xl font-semibold">
        {t('people.devices.title')}
      </h1>
      <p className="max-w-3xl">{t('people.devices.intro')}</p>
      {me && !me.person && (me.accounts ? <SignInFirst /> : <p>{t('people.list.firstAdmin')}</p>)}
      {me?.person && !may && <p>{t('people.devices.supervisorOnly')}</p>}
      {may && (
        <>
          <AddDevice />
          <QueryState query={list} empty={<p>{t('people.devices.none')}</p>} isEmpty={(d) => d.length === 0}>
            {(devices) => <DeviceTable devices={devices} />}
          </QueryState>
        </>
      )}
    </section>
  )
}

function AddDevice() {
  const { t } = useT()
  const client = useQueryClient()
  const config = useAppConfig()
  const [kind, setKind] = useState<'floor' | 'wall'>('floor')
  const [name, setName] = useState('')
  const [location, setLocation] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const write = useWrite({
    mutationFn: addDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: [...PEOPLE_KEY, 'devices'] }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) return setProblem(t('people.devices.needName'))
    setProblem(null)
    write.mutate({ kind, name: name.trim(), locationId: location === '' ? null : Number(location) })
  }
  const made = write.data
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-device-heading"
      className="flex max-w-3xl flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h2 id="add-device-heading" className="text-xl font-semibold">
        {t('people.devices.add')}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label={t('people.devices.kind')}
          value={kind}
          onChange={(v) => setKind(v as 'floor' | 'wall')}
        >
          <option value="floor">{t('people.devices.floor')}</option>
          <option value="wall">{t('people.devices.wall')}</option>
        </SelectField>
        <TextField label={t('people.field.name')} maxLength={60} value={name} onChange={setName} />
        <SelectField label={t('people.devices.location')} value={location} onChange={setLocation}>
          <option value="">{t('people.list.everywhere')}</option>
          {(config.data?.locations ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </SelectField>
        <Button type="submit" variant="primary" disabled={write.isPending}>
          {t('people.devices.create')}
        </Button>
      </div>
      <FormErrors errors={problem ?? (write.isError ? describeError(write.error, t) : null)} />
      {made && !problem && (
        <div role="status" className="flex flex-wrap items-center gap-4">
          <QrCode qr={made.qr} label={t('people.devices.qr', { name: made.device.name })} />
          <div className="space-y-1">
            <p>{t('people.devices.made', { name: made.device.name })}</p>
            <p className="font-mono text-3xl tracking-widest">{made.code}</p>
            <p className="break-all text-sm">{made.link}</p>
          </div>
        </div>
      )}
    </form>
  )
}

function DeviceTable({ devices }: { devices: DeviceInfo[] }) {
  const { t } = useT()
  const client = useQueryClient()
  const timeZone = useFactoryZone()
  const config = useAppConfig()
  const names = new Map((config.data?.locations ?? []).map((l) => [l.id, l.name]))
  const refresh = () => client.invalidateQueries({ queryKey: [...PEOPLE_KEY, 'devices'] })
  const revoke = useWrite({ mutationFn: revokeDevice, onSuccess: refresh })
  const unlock = useWrite({ mutationFn: unlockDevice, onSuccess: refresh })
  const when = (at: number | null) =>
    at === null ? '–' : `${formatFactoryDate(at, timeZone)} ${formatFactoryTime(at, timeZone, false)}`
  return (
    <section aria-labelledby="device-list-heading" className="space-y-2">
      <h2 id="device-list-heading" className="text-xl font-semibold">
        {t('people.devices.list')}
      </h2>
      <ScrollArea label={t('people.devices.list')}>
        <table className="min-w-full text-sm">
          <thead>
            <tr className="border-b border-gray-300 dark:border-gray-700">
              <th className={CELL}>{t('people.field.name')}</th>
              <th className={CELL}>{t('people.devices.kind')}</th>
              <th className={CELL}>{t('people.devices.location')}</th>
              <th className={CELL}>{t('people.devices.seen')}</th>
              <th className={CELL}>{t('people.list.state')}</th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <tr key={d.id} className="border-b border-gray-200 dark:border-gray-800">
                <td className={CELL}>{d.name}</td>
                <td className={CELL}>
                  {d.kind === 'floor' ? t('people.devices.floor') : t('people.devices.wall')}
                </td>
                <td className={CELL}>
                  {d.locationId === null
                    ? t('people.list.everywhere')
                    : (names.get(d.locationId) ?? d.locationId)}
                </td>
                <td className={CELL}>
                  {when(d.seenAt)}
                  {d.address && (
                    <span className="block text-xs text-gray-700 dark:text-gray-300">{d.address}</span>
                  )}
                </td>
                <td className={CELL}>
                  {d.revokedAt !== null ? (
                    t('people.devices.revoked', { by: d.revokedBy ?? '', when: when(d.revokedAt) })
                  ) : (
                    <span className="flex flex-wrap items-center gap-x-3">
                      {d.enrolledAt === null ? t('people.devices.waiting') : t('people.list.active')}
                      {d.pinLocked && (
                        <>
                          <strong>{t('people.devices.pinLocked')}</strong>
                          <Button variant="link" onClick={() => unlock.mutate(d.id)}>
                            {t('people.devices.unlock', { name: d.name })}
                          </Button>
                        </>
                      )}
                      <Button variant="link" onClick={() => revoke.mutate(d.id)}>
                        {t('people.devices.revoke', { name: d.name })}
                      </Button>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
      <FormErrors
        errors={
          revoke.isError
            ? describeError(revoke.error, t)
            : unlock.isError
              ? describeError(unlock.error, t)
              : null
        }
      />
    </section>
  )
}
