import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useEffect, useId, useRef, useState } from 'react'
import { describeError, HttpError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { MAINTENANCE_KEY, signOffTask } from '../../api/maintenance/maintenance'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { KeptAs, onFloorDevice, pinRefusal, SignInFirst, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { TextField } from '../../components/ui/text-field'
import { MAX_WHO_NAME } from '../../components/who-fields'
import type { MaintenanceTask, TaskEntry } from '../../lib/maintenance'
import type { Said } from './task-words'

/** The second tap of a sign-off: who (the signed-in person, a PIN on a floor device, or a typed name kept
 * on this browser), a note (needed when the task is not due yet) and the confirmation. */
export function SignOffForm({
  entry,
  task,
  machineName,
  onDone,
  onCancel,
}: {
  entry: TaskEntry
  task: MaintenanceTask
  machineName: string
  onDone: (said: Said) => void
  onCancel: () => void
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const me = useMe()
  const onDevice = onFloorDevice(me)
  const signInNeeded = me?.accounts === true && !me.person && !onDevice
  const [typed, setTyped] = useState(rememberedName)
  const [pin, setPin] = useState('')
  const [note, setNote] = useState('')
  const [problems, setProblems] = useState<string[]>([])
  const early = entry.progress.state === 'ok'
  const confirm = useRef<HTMLButtonElement>(null)
  const noteField = useRef<HTMLInputElement>(null)
  useEffect(() => {
    // the second tap lands on the confirmation; a sign-off before it is due starts at its note
    ;(early ? noteField : confirm).current?.focus()
  }, [early])
  const write = useWrite({
    mutationFn: () =>
      signOffTask({
        taskId: task.id,
        machineId: entry.machineId,
        heads: entry.heads,
        note: note.trim(),
        seen: entry.lastSignOff?.id ?? null,
        by: me?.person?.name ?? typed.trim(),
        ...(onDevice ? { pin } : {}),
      }),
    onSuccess: async () => {
      if (!me?.person && !onDevice) rememberName(typed.trim())
      await client.invalidateQueries({ queryKey: MAINTENANCE_KEY })
      onDone({ kind: 'signed' })
    },
  })
  // signed off by someone else meanwhile: theirs counts, this one is in the log
  useEffect(() => {
    const error = write.error
    if (error instanceof HttpError && error.reason === 'signed-off-already') {
      void client.invalidateQueries({ queryKey: MAINTENANCE_KEY })
      onDone({ kind: 'already' })
    }
  }, [write.error, client, onDone])
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const said: string[] = []
    if (early && !note.trim()) said.push(t('maintenance.signOff.needNote'))
    if (onDevice && !pin.trim()) said.push(t('maintenance.signOff.needPin'))
    if (!me?.person && !onDevice && !typed.trim()) said.push(t('maintenance.signOff.needName'))
    setProblems(said)
    if (said.length === 0) write.mutate(undefined)
  }
  const error = write.isError
    ? (pinRefusal(write.error, t) ??
      (write.error instanceof HttpError && write.error.reason === 'not-due'
        ? t('maintenance.signOff.needNote')
        : describeError(write.error, t)))
    : null
  if (signInNeeded) return <SignInFirst />
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded border border-gray-400 p-3 dark:border-gray-600"
    >
      <p id={id} className="font-semibold">
        {t('maintenance.signOff.heading', { task: task.name, machine: machineName })}
      </p>
      {early && <p>{t('maintenance.signOff.early')}</p>}
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          ref={noteField}
          label={early ? t('maintenance.signOff.noteNeeded') : t('maintenance.signOff.note')}
          maxLength={500}
          value={note}
          onChange={setNote}
        />
        {me?.person ? (
          <KeptAs me={{ ...me, person: me.person }} />
        ) : onDevice ? (
          <TextField
            label={t('who.pinOn', { device: me?.device?.name ?? '' })}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            value={pin}
            onChange={setPin}
          />
        ) : (
          <TextField
            label={t('maintenance.signOff.name')}
            maxLength={MAX_WHO_NAME}
            autoComplete="name"
            value={typed}
            onChange={setTyped}
          />
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={confirm} type="submit" variant="primary" disabled={write.isPending}>
          {t('maintenance.signOff.confirm')}
        </Button>
        <Button onClick={onCancel}>{t('maintenance.signOff.cancel')}</Button>
        <FormErrors className="basis-full" errors={problems.length > 0 ? problems : error} />
      </div>
    </form>
  )
}
