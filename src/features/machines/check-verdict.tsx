import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { useFactoryZone } from '../../api/core/app-config'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import {
  checksQueryOptions,
  MAINTENANCE_KEY,
  makeCheckTask,
  markCheck,
} from '../../api/maintenance/maintenance'
import { currentStopsQueryOptions, giveReason, stopSettingsQueryOptions } from '../../api/stops/stops'
import { STOPS_KEY } from '../../api/stops/stops-key'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { onFloorDevice, pinRefusal, useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { TextField } from '../../components/ui/text-field'
import { MAX_WHO_NAME } from '../../components/who-fields'
import { formatFactoryDate, formatFactoryTime } from '../../lib/factory-time'
import type { CheckVerdict } from '../../lib/maintenance'
import { MAX_COMMENT, reasonName } from '../../lib/stop-reasons'

/** A task's name at most, as the server takes it (server/maintenance/routes.ts). */
const MAX_TASK_NAME = 160
const clipped = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`)

/** What a check is about: its kind, and its head and needle where it names them. */
export type CheckTarget = Pick<CheckVerdict, 'kind' | 'head' | 'needle'>

const same = (v: CheckVerdict, machineId: string, s: CheckTarget) =>
  v.machineId === machineId && v.kind === s.kind && v.head === s.head && v.needle === s.needle

/** The score of the assistant's checks the technicians marked: how many were right. */
export function CheckScore() {
  const { t } = useT()
  const checks = useQuery(checksQueryOptions())
  const data = checks.data
  if (!data || data.right + data.wrong === 0) return null
  return (
    <p className="text-sm">
      {t('machines.assist.score', {
        right: data.right,
        count: data.right + data.wrong,
        percent: Math.round((100 * data.right) / (data.right + data.wrong)),
      })}
    </p>
  )
}

type Action = 'right' | 'wrong' | 'task' | 'reason'

/** The stop reason each kind of check points at: a needle's thread, or the machine itself. */
export const CHECK_REASON: Readonly<Record<CheckTarget['kind'], string>> = {
  needle: 'thread-break-repair',
  cell: 'thread-break-repair',
  speed: 'thread-break-repair',
  stretch: 'thread-break-repair',
  head: 'machine-fault',
}

/** What a technician does with a check: makes it a maintenance task in one tap (once, on this machine,
 * within a day, its evidence the note); gives its reason to the machine's stop now, when it stands and nobody
 * said why; and marks it right or wrong once they have looked (the last verdict on it is shown with who gave
 * it). */
export function CheckVerdictButtons({
  machineId,
  suggestion,
  check,
  evidence,
}: {
  machineId: string
  suggestion: CheckTarget
  /** the check in words: the task's name */
  check: string
  /** its evidence in words: the task's note */
  evidence: string
}) {
  const { t } = useT()
  const timeZone = useFactoryZone()
  const client = useQueryClient()
  const me = useMe()
  const checks = useQuery(checksQueryOptions())
  const stops = useQuery(currentStopsQueryOptions())
  const settings = useQuery(stopSettingsQueryOptions())
  // the machine's stop now, that nobody gave a reason yet (nor a planned stop holds), and the check's
  // reason as the factory has it (its name; none when taken out of use)
  const stop = stops.data?.get(machineId)
  const open = stop && stop.source !== 'person' && stop.source !== 'planned' ? stop : null
  const reason = settings.data?.settings.reasons.find(
    (r) => r.id === CHECK_REASON[suggestion.kind] && !r.retired,
  )
  const onDevice = onFloorDevice(me)
  const [name, setName] = useState(rememberedName)
  const [pin, setPin] = useState('')
  const [asking, setAsking] = useState<Action | null>(null)
  const [tasked, setTasked] = useState<boolean | null>(null)
  // the start of the stop this check's reason was given to
  const [givenTo, setGivenTo] = useState<number | null>(null)
  const write = useWrite({
    mutationFn: async (action: Action) => {
      const who = { by: me?.person?.name ?? name.trim(), ...(onDevice ? { pin } : {}) }
      if (action === 'task') {
        // a task's name and note at most (a design's long name makes a stretch's check long)
        const made = await makeCheckTask({
          machineId,
          check: clipped(check, MAX_TASK_NAME),
          evidence: clipped(evidence, MAX_COMMENT),
          ...who,
        })
        setTasked(made.made)
        return
      }
      if (action === 'reason') {
        if (!open || !reason) throw new Error(t('machines.assist.reasonGone'))
        const comment = check.slice(0, MAX_COMMENT)
        await giveReason({
          machineId,
          start: open.start,
          reason: reason.id,
          comment,
          seen: open.reason,
          ...who,
        })
        setGivenTo(open.start)
        return
      }
      await markCheck({
        machineId,
        kind: suggestion.kind,
        head: suggestion.head,
        needle: suggestion.needle,
        right: action === 'right',
        ...who,
      })
    },
    onSuccess: async (_, action) => {
      if (!me?.person && !onDevice) rememberName(name.trim())
      setPin('')
      setAsking(null)
      await client.invalidateQueries({
        queryKey:
          action === 'task'
            ? MAINTENANCE_KEY
            : action === 'reason'
              ? STOPS_KEY
              : [...MAINTENANCE_KEY, 'checks'],
      })
    },
  })
  if (!checks.data?.canMark) return null
  const last = checks.data.verdicts.find((v) => same(v, machineId, suggestion))
  const act = (action: Action) => {
    // who does it: the signed-in person, the name this browser gave before, or asked once
    // on a shared floor device the PIN is asked every time
    if (me?.person || (!onDevice && name.trim())) write.mutate(action)
    else setAsking(action)
  }
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      {last && (
        <span className="text-sm">
          {t(last.right ? 'machines.assist.markedRight' : 'machines.assist.markedWrong', {
            by: last.by,
            when: t('maintenance.when', {
              date: formatFactoryDate(last.at, timeZone),
              time: formatFactoryTime(last.at, timeZone, false),
            }),
          })}
        </span>
      )}
      <Button
        onClick={() => act('task')}
        disabled={write.isPending || tasked !== null}
        aria-label={t('machines.assist.taskFor', { check })}
      >
        {t('machines.assist.task')}
      </Button>
      {open && reason && givenTo !== open.start && (
        <Button
          onClick={() => act('reason')}
          disabled={write.isPending}
          aria-label={t('machines.assist.reasonFor', { reason: reasonName(reason, t), check })}
        >
          {t('machines.assist.reason', { reason: reasonName(reason, t) })}
        </Button>
      )}
      {reason && givenTo !== null && givenTo === open?.start && (
        <span role="status" className="text-sm">
          {t('machines.assist.reasonGiven', { reason: reasonName(reason, t) })}
        </span>
      )}
      <Button
        onClick={() => act('right')}
        disabled={write.isPending}
        aria-label={t('machines.assist.rightFor', { check })}
      >
        {t('machines.assist.right')}
      </Button>
      <Button
        onClick={() => act('wrong')}
        disabled={write.isPending}
        aria-label={t('machines.assist.wrongFor', { check })}
      >
        {t('machines.assist.wrong')}
      </Button>
      {tasked !== null && (
        <span role="status" className="text-sm">
          {t(tasked ? 'machines.assist.tasked' : 'machines.assist.taskedAlready')}{' '}
          <Link to="/maintenance" className="underline">
            {t('machines.assist.taskLink')}
          </Link>
        </span>
      )}
      {asking !== null && (
        <span className="inline-flex flex-wrap items-end gap-2">
          {onDevice ? (
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
              value={name}
              onChange={setName}
            />
          )}
          <Button
            variant="primary"
            onClick={() => (onDevice ? pin.trim() : name.trim()) && write.mutate(asking)}
          >
            {t('machines.assist.keep')}
          </Button>
        </span>
      )}
      <FormErrors
        errors={write.isError ? (pinRefusal(write.error, t) ?? describeError(write.error, t)) : null}
      />
    </span>
  )
}
