import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import { acknowledgeAlert, putAlertInList } from '../../api/alerts/alerts'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { onFloorDevice, pinRefusal, SignInFirst, useMe } from '../../components/signed-in'
import type { Alert } from '../../lib/domain'
import { causeWords } from './alert-words'

/** "I'm on it": one button; the first time it asks for a name (kept in this browser). */
export function AcknowledgeButton({ alert, size = 'normal' }: { alert: Alert; size?: 'normal' | 'large' }) {
  const { t } = useT()
  const client = useQueryClient()
  const [asking, setAsking] = useState(false)
  const [name, setName] = useState(rememberedName)
  const me = useMe()
  // on an enrolled floor device: the PIN of who is on it, asked instead of a name
  const onDevice = onFloorDevice(me)
  const [pin, setPin] = useState('')
  const id = useId()
  const acknowledge = useWrite({
    mutationFn: (who: string) => acknowledgeAlert(alert.id, who, onDevice ? pin : undefined),
    // here, not in mutate's own callbacks: the line loses this button once the list has the name
    onSuccess: (acknowledged, who) => {
      putAlertInList(client, acknowledged)
      if (!me?.person && !onDevice) rememberName(who)
      setAsking(false)
    },
  })
  const error = acknowledge.isError
    ? (pinRefusal(acknowledge.error, t) ?? describeError(acknowledge.error, t))
    : null
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (onDevice ? pin : name.trim()) acknowledge.mutate(onDevice ? '' : name.trim())
  }
  const button = `min-h-11 rounded bg-gray-900 px-3 font-semibold text-white hover:bg-gray-700 disabled:opacity-60 dark:bg-gray-100 dark:text-gray-950 dark:hover:bg-gray-300 ${size === 'large' ? 'text-lg' : 'text-sm'}`
  if (!asking) {
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={button}
          disabled={acknowledge.isPending}
          aria-label={t('alertBar.ack.label', { machine: alert.machineName, cause: causeWords(alert, t) })}
          // a signed-in person is on it at once, as themselves
          onClick={() => (me?.person ? acknowledge.mutate(me.person.name) : setAsking(true))}
        >
          {t('alertBar.ack.button')}
        </button>
        {error && (
          <span role="alert" className="text-sm text-red-700 dark:text-red-300">
            {error}
          </span>
        )}
      </span>
    )
  }
  if (me?.accounts && !me.person && !onDevice)
    return (
      <span className="inline-flex flex-wrap items-center gap-2">
        <SignInFirst className="text-sm" />
        <button type="button" className="min-h-11 px-2 text-sm underline" onClick={() => setAsking(false)}>
          {t('alertBar.ack.cancel')}
        </button>
      </span>
    )
  return (
    <form className="inline-flex flex-wrap items-center gap-2" onSubmit={submit}>
      <label htmlFor={id} className="text-sm font-medium">
        {onDevice ? t('who.pinOn', { device: me?.device?.name ?? '' }) : t('alertBar.ack.name')}
      </label>
      <input
        id={id}
        // biome-ignore lint/a11y/noAutofocus: the form opened on the user's own click, to type a name
        autoFocus
        required
        maxLength={onDevice ? 8 : 60}
        {...(onDevice
          ? { type: 'password', inputMode: 'numeric' as const, autoComplete: 'off' }
          : { autoComplete: 'name' })}
        value={onDevice ? pin : name}
        onChange={(event) => (onDevice ? setPin : setName)(event.target.value)}
        className="min-h-11 w-40 rounded border border-gray-400 bg-white px-2 text-gray-950 dark:border-gray-600 dark:bg-gray-900 dark:text-gray-100"
      />
      <button
        type="submit"
        className={button}
        disabled={acknowledge.isPending || !(onDevice ? pin : name.trim())}
      >
        {t('alertBar.ack.button')}
      </button>
      <button type="button" className="min-h-11 px-2 text-sm underline" onClick={() => setAsking(false)}>
        {t('alertBar.ack.cancel')}
      </button>
      {error && (
        <span role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </span>
      )}
    </form>
  )
}
