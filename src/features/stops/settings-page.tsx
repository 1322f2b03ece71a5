import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, memo, useCallback, useRef, useState } from 'react'
import { useAppConfig } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import {
  type StopSettingsPage as Page,
  saveStopSettings,
  stopSettingsQueryOptions,
} from '../../api/stops/stops'
import { STOPS_KEY } from '../../api/stops/stops-key'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { QueryState } from '../../components/query-state'
import { nameToKeep, SignInFirst, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { WhoFields } from '../../components/who-fields'
import type { StopSettings } from '../../lib/stop-reasons'
import { PlannedSection, type Who } from './planned-stops'
import { type Change, type Draft, draftOf, edited, problemsOf, settingsOf } from './settings-draft'
import { BreaksSection, CodeRulesSection, ThresholdSection } from './settings-rules'
import { ReasonsSection } from './settings-sections'

/**
 * /stops/settings (issue 35): the stop reasons by category, the threshold below which a stop needs no
 * reason, the status codes and shift breaks that give a reason by themselves, and the one-off planned
 * stops. Read by everyone; changed only with the server's ADMIN_TOKEN, and the log records who changed it.
 */
export function StopSettingsPage() {
  const { t } = useT()
  const page = useQuery(stopSettingsQueryOptions())
  const config = useAppConfig()
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4">
      <h1 className="text-2xl font-bold">{t('stopSettings.title')}</h1>
      <p>{t('stopSettings.intro')}</p>
      <QueryState query={config} empty={null}>
        {({ shifts, timeZone }) => (
          <QueryState query={page} empty={null}>
            {(data) => <Editor page={data} shiftNames={shifts.map((s) => s.name)} timeZone={timeZone} />}
          </QueryState>
        )}
      </QueryState>
    </div>
  )
}

function Editor({ page, shiftNames, timeZone }: { page: Page; shiftNames: string[]; timeZone: string }) {
  const { t } = useT()
  // the reasons and their rules are an administrator's, planned stops a supervisor's
  const readOnly = !page.canChange
  const planReadOnly = !(page.canPlan ?? page.canChange)
  const [name, setName] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const [asked, setAsked] = useState(false)
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const me = useMe()
  const missing = whoMissing(me, name, token)
  const given = missing === null
  const who: Who = {
    name: nameToKeep(me, name),
    token: me?.person ? '' : token,
    ready: () => {
      setAsked(!given)
      if (missing === 'name' || missing === 'token')
        (missing === 'token' ? tokenField : nameField).current?.focus()
      return given
    },
    worked: (by, kept) => {
      if (!kept) return
      keepAdminToken(kept)
      rememberName(by)
    },
  }
  return (
    <>
      {readOnly && planReadOnly && !me?.accounts && (
        <p className="rounded border border-gray-400 p-2">
          <span aria-hidden="true">🔒 </span>
          {t('stopSettings.readOnly')}
        </p>
      )}
      {me?.accounts && !me.person && <SignInFirst className="rounded border border-gray-400 p-2" />}
      {me?.person && (readOnly || planReadOnly) && (
        <p className="rounded border border-gray-400 p-2">
          <span aria-hidden="true">🔒 </span>
          {readOnly && t('stopSettings.adminOnly')} {planReadOnly && t('stopSettings.supervisorOnly')}
        </p>
      )}
      {!(readOnly && planReadOnly) && (
        <WhoFields
          legend={t('stopSettings.who')}
          legendClassName="px-1 font-semibold"
          className="flex min-w-0 flex-wrap items-end gap-3 rounded border border-gray-300 p-3 dark:border-gray-700"
          nameLabel={t('stopSettings.name')}
          tokenLabel={t('stopSettings.token')}
          hint={t('stopSettings.nameHint')}
          error={asked && (missing === 'name' || missing === 'token') ? t('stopSettings.needWho') : null}
          name={name}
          setName={setName}
          token={token}
          setToken={setToken}
          nameRef={nameField}
          tokenRef={tokenField}
        />
      )}
      <SettingsForm page={page} who={who} readOnly={readOnly} shiftNames={shiftNames} />
      <PlannedSection page={page} who={who} readOnly={planReadOnly} timeZone={timeZone} />
    </>
  )
}

/** The settings' sections: drawn again when the draft changes, not on each key typed in the name or the
 * token (they are many fields). */
const Sections = memo(function Sections({
  draft,
  change,
  shiftNames,
}: {
  draft: Draft
  change: Change
  shiftNames: string[]
}) {
  return (
    <>
      <ReasonsSection draft={draft} change={change} />
      <ThresholdSection draft={draft} change={change} />
      <CodeRulesSection draft={draft} change={change} />
      <BreaksSection draft={draft} change={change} shiftNames={shiftNames} />
    </>
  )
})

/** Saves the settings with the admin token and the name; the page's settings take the answer at once and
 * everything of the stops is read again (the threshold and breaks change the stops' parts). */
function useSaveSettings(worked: Who['worked']) {
  const client = useQueryClient()
  return useWrite({
    mutationFn: ({ settings, by, token }: { settings: StopSettings; by: string; token: string }) =>
      saveStopSettings(settings, by, token),
    onSuccess: (saved, { by, token }) => {
      worked(by, token)
      const { queryKey } = stopSettingsQueryOptions()
      client.setQueryData(queryKey, (page) => page && { ...page, settings: saved })
      return client.invalidateQueries({ queryKey: STOPS_KEY })
    },
  })
}

/** The reasons' settings, read-only without ADMIN_TOKEN. The draft starts from the settings shown and
 * keeps its edits while the page refreshes them; what keeps it from being saved is said before sending. */
function SettingsForm({
  page,
  who,
  readOnly,
  shiftNames,
}: {
  page: Page
  who: Who
  readOnly: boolean
  shiftNames: string[]
}) {
  const { t } = useT()
  const [draft, setDraft] = useState<Draft>(() => draftOf(page.settings))
  const [tried, setTried] = useState(false)
  const save = useSaveSettings(who.worked)
  const change = useCallback<Change>((update) => setDraft((d) => edited(d, update)), [])
  const problems = tried ? problemsOf(draft, shiftNames, t) : []
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = problemsOf(draft, shiftNames, t)
    setTried(found.length > 0)
    if (found.length > 0 || !who.ready()) return
    save.mutate(
      { settings: settingsOf(draft), by: who.name.trim(), token: who.token },
      { onSuccess: (saved) => setDraft(draftOf(saved)) },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-6" aria-label={t('stopSettings.formLabel')}>
      {/* min-w-0: a fieldset is at least as wide as its content by default, which widened a phone's page */}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-8">
        <Sections draft={draft} change={change} shiftNames={shiftNames} />
      </fieldset>
      {!readOnly && (
        <div className="flex flex-col gap-2 border-t border-gray-300 pt-4 dark:border-gray-700">
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="primary" disabled={save.isPending}>
              {t('stopSettings.save')}
            </Button>
            {save.isSuccess && problems.length === 0 && <p role="status">{t('stopSettings.saved')}</p>}
          </div>
          <FormErrors errors={problems} intro={t('stopSettings.notSaved')} />
          {problems.length === 0 && save.isError && <FormErrors errors={describeError(save.error, t)} />}
        </div>
      )}
    </form>
  )
}
