import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import {
  REPORT_KINDS,
  REPORT_SETTINGS_KEY,
  type ReportSettings,
  type ReportSettingsPage,
  reportSettingsQueryOptions,
  saveReportSettings,
  sendReportNow,
} from '../../api/shift-reports/report-settings'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { DataTable } from '../../components/data-table'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { QueryState } from '../../components/query-state'
import { ScrollArea } from '../../components/scroll-area'
import { nameToKeep, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FIELD, HINT_TEXT } from '../../components/ui/field-styles'
import { FormErrors } from '../../components/ui/form-errors'
import { FormSection } from '../../components/ui/form-section'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { TimeField } from '../../components/ui/time-field'
import { WhoFields } from '../../components/who-fields'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { MessageKey } from '../../lib/i18n/translator'
import type { ReportKind } from '../../lib/shift-report-figures'
import { BOX, WEEKDAYS } from '../plan/targets-parts'
import { REPORT_TABLE } from './table-classes'

/** Where the reports go and when the summaries are built (ADMIN_TOKEN to change), a "send it now" for
 * each kind, and each channel's deliveries: what was sent, what is being tried again, what failed. */
export function ReportDelivery() {
  const { t } = useT()
  const query = useQuery(reportSettingsQueryOptions())
  return (
    <section aria-labelledby="report-delivery-heading" className="space-y-3 pt-4">
      <h2 id="report-delivery-heading" className="text-xl font-semibold">
        {t('shiftReports.delivery.heading')}
      </h2>
      <p className="max-w-prose">{t('shiftReports.delivery.intro')}</p>
      <QueryState query={query} empty={null}>
        {(page) => <DeliveryForms page={page} />}
      </QueryState>
    </section>
  )
}

type Sent = { settings: ReportSettings; by: string; token: string }

/** Each kind's words: where it goes, and its "send it now" button. */
const KIND_WORDS: Record<ReportKind, { goesTo: MessageKey; sendNow: MessageKey }> = {
  shift: { goesTo: 'shiftReports.delivery.kind.shift', sendNow: 'shiftReports.delivery.sendNow.shift' },
  day: { goesTo: 'shiftReports.delivery.kind.day', sendNow: 'shiftReports.delivery.sendNow.day' },
  week: { goesTo: 'shiftReports.delivery.kind.week', sendNow: 'shiftReports.delivery.sendNow.week' },
}

function DeliveryForms({ page }: { page: ReportSettingsPage }) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const timeZone = useFactoryZone()
  const [draft, setDraft] = useState<ReportSettings>(page.settings)
  const [grace, setGrace] = useState(String(page.settings.graceMinutes))
  const [name, setName] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const [problem, setProblem] = useState<string | null>(null)
  const [sentKind, setSentKind] = useState<ReportKind>('shift')
  const nameField = useRef<HTMLInputElement>(null)
  const me = useMe()
  const done = (by: string, used: string) => {
    if (used) {
      keepAdminToken(used)
      rememberName(by)
    }
    return client.invalidateQueries({ queryKey: REPORT_SETTINGS_KEY })
  }
  const save = useWrite({
    mutationFn: ({ settings, by, token }: Sent) => saveReportSettings(settings, by, token),
    onSuccess: (_, { by, token }) => done(by, token),
  })
  const send = useWrite({
    mutationFn: ({ kind, by, token }: { kind: ReportKind; by: string; token: string }) =>
      sendReportNow(kind, by, token),
    onSuccess: (_, { by, token }) => done(by, token),
  })
  const when = (at: number) => `${formatFactoryDate(at, timeZone)} ${formatFactoryTime(at, timeZone, false)}`
  const who = () => {
    const missing = whoMissing(me, name, token)
    setProblem(
      missing === null ? null : missing === 'sign-in' ? t('who.signInFirst') : t('planTargets.needWho'),
    )
    if (missing === 'name' || missing === 'token') nameField.current?.focus()
    return missing === null
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const minutes = Number(grace)
    if (!/^\d{1,3}$/.test(grace.trim()) || minutes > 240) {
      setProblem(t('shiftReports.delivery.graceWrong'))
      return
    }
    if (!who()) return
    save.mutate({
      settings: { ...draft, graceMinutes: minutes },
      by: nameToKeep(me, name),
      token: me?.person ? '' : token,
    })
  }
  const toggle = (kind: ReportKind, channel: string, on: boolean) =>
    setDraft((d) => ({
      ...d,
      channels: {
        ...d.channels,
        [kind]: on ? [...d.channels[kind], channel] : d.channels[kind].filter((c) => c !== channel),
      },
    }))
  const nameOf = (channelId: string) => page.channels.find((c) => c.id === channelId)?.name ?? channelId
  const cannot = !page.canChange || save.isPending
  return (
    <div className="space-y-4">
      {!page.canChange && <p>{t('shiftReports.delivery.readOnly')}</p>}
      {!page.mailConfigured && page.channels.some((c) => c.kind === 'email') && (
        <p>{t('shiftReports.delivery.noMail')}</p>
      )}
      {page.channels.length === 0 && (
        <p>
          {t('shiftReports.delivery.noChannels')}{' '}
          <Link to="/alerts" className="underline">
            {t('shiftReports.delivery.alertSettings')}
          </Link>
        </p>
      )}
      <form onSubmit={submit} aria-labelledby={id} noValidate className={`flex flex-col gap-4 ${BOX}`}>
        <h3 id={id} className="sr-only">
          {t('shiftReports.delivery.heading')}
        </h3>
        {page.channels.length > 0 &&
          REPORT_KINDS.map((kind) => (
            <fieldset key={kind} className="flex min-w-0 flex-wrap gap-x-4 gap-y-1">
              <legend className="mb-1 font-semibold">{t(KIND_WORDS[kind].goesTo)}</legend>
              {page.channels.map((channel) => (
                <CheckboxField
                  inputClassName="size-5"
                  key={channel.id}
                  label={channel.name}
                  className="inline-flex min-h-11 items-center gap-2"
                  checked={draft.channels[kind].includes(channel.id)}
                  disabled={!page.canChange}
                  onChange={(on) => toggle(kind, channel.id, on)}
                />
              ))}
            </fieldset>
          ))}
        <FormSection
          as="fieldset"
          heading={t('shiftReports.delivery.when')}
          headingClassName="mb-2 font-semibold"
          className="flex min-w-0 flex-wrap items-end gap-3"
        >
          <TextField
            label={t('shiftReports.delivery.grace')}
            inputClassName={`${FIELD} w-28`}
            inputMode="numeric"
            value={grace}
            disabled={!page.canChange}
            onChange={setGrace}
          />
          <TimeField
            label={t('shiftReports.delivery.dailyAt')}
            value={draft.dailyAt}
            disabled={!page.canChange}
            onChange={(dailyAt) => setDraft((d) => ({ ...d, dailyAt }))}
          />
          <SelectField
            label={t('shiftReports.delivery.weeklyDay')}
            value={String(draft.weeklyDay)}
            disabled={!page.canChange}
            onChange={(day) => setDraft((d) => ({ ...d, weeklyDay: Number(day) }))}
          >
            {WEEKDAYS.map((key, i) => (
              <option key={key} value={String(i + 1)}>
                {t(key)}
              </option>
            ))}
          </SelectField>
          <TimeField
            label={t('shiftReports.delivery.weeklyAt')}
            value={draft.weeklyAt}
            disabled={!page.canChange}
            onChange={(weeklyAt) => setDraft((d) => ({ ...d, weeklyAt }))}
          />
        </FormSection>
        {page.canChange && (
          <WhoFields
            legend={t('planTargets.who')}
            nameLabel={t('planTargets.field.name')}
            tokenLabel={t('planTargets.field.token')}
            name={name}
            setName={setName}
            token={token}
            setToken={setToken}
            nameRef={nameField}
          />
        )}
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
          <Button type="submit" variant="primary" disabled={cannot}>
            {t('shiftReports.delivery.save')}
          </Button>
          {page.updatedBy !== null && page.updatedAt !== null && (
            <p className={HINT_TEXT}>
              {t('shiftReports.delivery.updated', { by: page.updatedBy, time: when(page.updatedAt) })}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <h3 className="basis-full font-semibold">{t('shiftReports.delivery.sendNow.heading')}</h3>
          {REPORT_KINDS.map((kind) => (
            <Button
              key={kind}
              disabled={!page.canChange || send.isPending || page.latest[kind] === null}
              onClick={() => {
                if (!who()) return
                setSentKind(kind)
                send.mutate({ kind, by: nameToKeep(me, name), token: me?.person ? '' : token })
              }}
            >
              {t(KIND_WORDS[kind].sendNow)}
              {page.latest[kind] === null && ` (${t('shiftReports.delivery.sendNow.none')})`}
            </Button>
          ))}
        </div>
        <FormErrors
          errors={
            problem ?? (save.isError || send.isError ? describeError(save.error ?? send.error, t) : null)
          }
        />
        {!problem && save.isSuccess && <p role="status">{t('shiftReports.delivery.saved')}</p>}
        {!problem && send.isSuccess && send.data && (
          <p role="status">
            {t('shiftReports.delivery.sent', {
              title: t(KIND_WORDS[sentKind].sendNow),
              count: send.data.channels.length,
            })}
          </p>
        )}
      </form>
      <h3 className="font-semibold">{t('shiftReports.delivery.health')}</h3>
      {page.health.length === 0 ? (
        <p>{t('shiftReports.delivery.noDeliveries')}</p>
      ) : (
        <ScrollArea label={t('shiftReports.delivery.health')}>
          <DataTable
            className={REPORT_TABLE}
            caption={t('shiftReports.delivery.health')}
            columns={[
              { key: 'channel', label: t('shiftReports.delivery.col.channel') },
              { key: 'sent', label: t('shiftReports.delivery.col.sent') },
              { key: 'pending', label: t('shiftReports.delivery.col.pending') },
              { key: 'failed', label: t('shiftReports.delivery.col.failed') },
              { key: 'last', label: t('shiftReports.delivery.col.last') },
            ]}
          >
            {page.health.map((h) => (
              <tr
                key={h.channelId}
                data-channel={h.channelId}
                className="border-t border-gray-200 dark:border-gray-800"
              >
                <th scope="row" className="font-normal">
                  {nameOf(h.channelId)}
                </th>
                <td>{h.sent}</td>
                <td>{h.pending}</td>
                <td className={h.failed > 0 ? 'font-semibold' : undefined}>{h.failed}</td>
                <td>
                  {h.lastAttemptAt === null
                    ? t('shiftReports.delivery.never')
                    : h.lastOk
                      ? t('shiftReports.delivery.lastOk', { time: when(h.lastAttemptAt) })
                      : t('shiftReports.delivery.lastFailed', {
                          time: when(h.lastAttemptAt),
                          detail: h.lastDetail ?? '',
                        })}
                </td>
              </tr>
            ))}
          </DataTable>
        </ScrollArea>
      )}
    </div>
  )
}
