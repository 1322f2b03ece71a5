import { type FormEvent, memo, useCallback, useId, useState } from 'react'
import type { AlertSettingsPage } from '../../api/alerts/alert-settings'
import { describeError } from '../../api/core/errors'
import { useT } from '../../components/i18n'
import { KeptAs, SignInFirst, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { TextField } from '../../components/ui/text-field'
import { AllRulesSection } from './all-rules-section'
import { ChannelsSection } from './channels-section'
import { RuleEditor } from './rule-editor'
import { type Change, type Draft, draftOf, edited } from './settings-draft'
import { useAdminToken, useSaveSettings } from './settings-hooks'
import { RULES } from './settings-words'

/** The rules: drawn again when the draft changes, not on each key typed in the token. */
const Rules = memo(function Rules({ draft, change }: { draft: Draft; change: Change }) {
  return (
    <>
      {RULES.map((rule) => (
        <RuleEditor key={rule} rule={rule} draft={draft} change={change} />
      ))}
      <AllRulesSection draft={draft} change={change} />
    </>
  )
})

/** The channels and rules, read-only unless the server has an ADMIN_TOKEN; saved with that token. The
 * draft starts from the settings shown and keeps its edits while the page refreshes them. */
export function SettingsForm({ page }: { page: AlertSettingsPage }) {
  const { t } = useT()
  const [draft, setDraft] = useState<Draft>(() => draftOf(page.settings))
  const [typedToken, setToken] = useAdminToken()
  const me = useMe()
  // a signed-in person changes them as themselves, with no token
  const token = me?.person ? '' : typedToken
  const save = useSaveSettings()
  const id = useId()
  const readOnly = !page.canChange
  const change = useCallback<Change>((update) => setDraft((d) => edited(d, update)), [])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    // the form shows what the server keeps: new channels with their ids, addresses as their host
    save.mutate({ draft, token }, { onSuccess: (saved) => setDraft(draftOf(saved)) })
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-8" aria-labelledby={id}>
      <h2 id={id} className="sr-only">
        {t('alerts.settings.heading')}
      </h2>
      {readOnly && <p className="rounded border border-gray-400 p-2">{t('alerts.settings.readOnly')}</p>}
      {/* min-w-0: a fieldset is at least as wide as its widest content by default (min-inline-size:
          min-content), so a table that should scroll in its box widened the page on a phone instead */}
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
        <ChannelsSection page={page} draft={draft} token={token} change={change} />
        <Rules draft={draft} change={change} />
      </fieldset>
      {!readOnly && (
        <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
          {me?.person ? (
            <KeptAs me={{ ...me, person: me.person }} />
          ) : me?.accounts ? (
            <SignInFirst />
          ) : (
            <TextField
              label={t('alerts.settings.token')}
              className="flex items-center gap-2"
              type="password"
              autoComplete="current-password"
              value={typedToken}
              onChange={setToken}
            />
          )}
          <Button type="submit" variant="primary" disabled={save.isPending || (!token && !me?.person)}>
            {t('alerts.settings.save')}
          </Button>
          {save.isSuccess && <p role="status">{t('alerts.settings.saved')}</p>}
          {save.isError && <FormErrors errors={describeError(save.error, t)} />}
        </div>
      )}
    </form>
  )
}
