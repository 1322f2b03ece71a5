import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useRef, useState } from 'react'
import { describeError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { useLocations } from '../../api/machines/locations'
import { MAINTENANCE_KEY, removeTask, saveTask, type TaskBody } from '../../api/maintenance/maintenance'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { useT } from '../../components/i18n'
import { rememberedName, rememberName } from '../../components/person-name'
import { nameToKeep, useMe, whoMissing } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { FormErrors } from '../../components/ui/form-errors'
import { NumberField } from '../../components/ui/number-field'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { WhoFields } from '../../components/who-fields'
import {
  INTERVAL_KINDS,
  type IntervalKind,
  MAX_INTERVAL,
  type MaintenanceTask,
  WHOLE_KINDS,
} from '../../lib/maintenance'

type ScopeKind = 'all' | 'location' | 'machines'

/** A maintenance task added, changed or removed (a supervisor's): its name, interval, whether each head is
 * signed off on its own, and the machines it applies to. */
export function TaskForm({
  task,
  machines,
  onClose,
}: {
  task: MaintenanceTask | null
  machines: ReadonlyArray<{ id: string; name: string }>
  onClose: () => void
}) {
  const { t } = useT()
  const id = useId()
  const client = useQueryClient()
  const me = useMe()
  const { locations } = useLocations()
  const [name, setName] = useState(task?.name ?? '')
  const [kind, setKind] = useState<IntervalKind>(task?.interval.kind ?? 'hours')
  const [value, setValue] = useState(task ? String(task.interval.value) : '')
  const [per, setPer] = useState<MaintenanceTask['per']>(task?.per ?? 'machine')
  const scope = task?.scope ?? { all: true as const }
  const [scopeKind, setScopeKind] = useState<ScopeKind>(
    'all' in scope ? 'all' : 'locationId' in scope ? 'location' : 'machines',
  )
  const [locationId, setLocationId] = useState(
    'locationId' in scope ? String(scope.locationId) : String(locations[0]?.id ?? ''),
  )
  const [machineIds, setMachineIds] = useState<string[]>('machineIds' in scope ? scope.machineIds : [])
  const [note, setNote] = useState(task?.note ?? '')
  const [who, setWho] = useState(rememberedName)
  const [token, setToken] = useState(storedAdminToken)
  const [problems, setProblems] = useState<string[]>([])
  const nameField = useRef<HTMLInputElement>(null)
  const tokenField = useRef<HTMLInputElement>(null)
  const done = async (sentToken: string, by: string) => {
    if (sentToken) {
      keepAdminToken(sentToken)
      rememberName(by)
    }
    await client.invalidateQueries({ queryKey: MAINTENANCE_KEY })
    onClose()
  }
  const save = useWrite({
    mutationFn: (sent: { body: TaskBody; token: string }) =>
      saveTask({ id: task?.id ?? null, version: task?.version ?? null, body: sent.body }, sent.token),
    onSuccess: (_, sent) => done(sent.token, sent.body.by),
  })
  const remove = useWrite({
    mutationFn: (sent: { by: string; token: string }) =>
      removeTask({ id: task!.id, version: task!.version, by: sent.by }, sent.token),
    onSuccess: (_, sent) => done(sent.token, sent.by),
  })
  const who_ = () => {
    const missing = whoMissing(me, who, token)
    if (missing === 'sign-in') return { problem: t('who.signInFirst'), missing }
    if (missing !== null) return { problem: t('maintenance.form.who'), missing }
    return null
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const said: string[] = []
    const amount = Number(value.trim().replace(',', '.'))
    if (!name.trim()) said.push(t('maintenance.form.needName'))
    if (!value.trim() || !Number.isFinite(amount) || amount <= 0 || amount > MAX_INTERVAL[kind])
      said.push(t('maintenance.form.badInterval', { max: MAX_INTERVAL[kind] }))
    if (scopeKind === 'machines' && machineIds.length === 0) said.push(t('maintenance.form.needMachines'))
    const location = locationId || String(locations[0]?.id ?? '')
    if (scopeKind === 'location' && !locations.some((l) => String(l.id) === location))
      said.push(t('maintenance.form.needLocation'))
    const missing = who_()
    if (missing) said.push(missing.problem)
    setProblems(said)
    if (missing?.missing === 'name') nameField.current?.focus()
    if (missing?.missing === 'token') tokenField.current?.focus()
    if (said.length > 0) return
    save.mutate({
      body: {
        name: name.trim(),
        interval: { kind, value: WHOLE_KINDS.has(kind) ? Math.round(amount) : amount },
        per,
        scope:
          scopeKind === 'all'
            ? { all: true }
            : scopeKind === 'location'
              ? { locationId: Number(location) }
              : { machineIds },
        note: note.trim(),
        by: nameToKeep(me, who),
      },
      token: me?.person ? '' : token,
    })
  }
  const removeIt = () => {
    const missing = who_()
    setProblems(missing ? [missing.problem] : [])
    if (!missing) remove.mutate({ by: nameToKeep(me, who), token: me?.person ? '' : token })
  }
  const failed = save.isError ? save.error : remove.isError ? remove.error : null
  return (
    <form
      onSubmit={submit}
      aria-labelledby={id}
      noValidate
      className="flex flex-col gap-3 rounded border border-gray-300 p-4 dark:border-gray-700"
    >
      <h3 id={id} className="text-lg font-semibold">
        {task ? t('maintenance.form.changeHeading', { task: task.name }) : t('maintenance.form.newHeading')}
      </h3>
      <div className="flex flex-wrap items-end gap-3">
        <TextField label={t('maintenance.form.name')} maxLength={80} value={name} onChange={setName} />
        <NumberField
          label={kind === 'once' ? t('maintenance.form.within') : t('maintenance.form.every')}
          min={0}
          value={value}
          onChange={setValue}
        />
        <SelectField
          label={t('maintenance.form.unit')}
          value={kind}
          onChange={(v) => setKind(v as IntervalKind)}
        >
          {INTERVAL_KINDS.map((k) => (
            <option key={k} value={k}>
              {k === 'hours'
                ? t('maintenance.form.unitHours')
                : k === 'stitches'
                  ? t('maintenance.form.unitStitches')
                  : k === 'breaks'
                    ? t('maintenance.form.unitBreaks')
                    : k === 'once'
                      ? t('maintenance.form.unitOnce')
                      : t('maintenance.form.unitDays')}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('maintenance.form.per')}
          value={per}
          onChange={(v) => setPer(v as MaintenanceTask['per'])}
        >
          <option value="machine">{t('maintenance.per.machine')}</option>
          <option value="head">{t('maintenance.per.head')}</option>
        </SelectField>
        <SelectField
          label={t('maintenance.form.scope')}
          value={scopeKind}
          onChange={(v) => setScopeKind(v as ScopeKind)}
        >
          <option value="all">{t('maintenance.scope.all')}</option>
          {locations.length > 0 && <option value="location">{t('maintenance.form.scopeLocation')}</option>}
          <option value="machines">{t('maintenance.form.scopeMachines')}</option>
        </SelectField>
        {scopeKind === 'location' && (
          <SelectField
            label={t('app.filters.location')}
            value={locationId || String(locations[0]?.id ?? '')}
            onChange={setLocationId}
          >
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {scopeKind === 'machines' && (
        <fieldset>
          <legend className="font-semibold">{t('maintenance.form.machines')}</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4">
            {machines.map((m) => (
              <CheckboxField
                key={m.id}
                label={m.name}
                checked={machineIds.includes(m.id)}
                onChange={(on) =>
                  setMachineIds((ids) => (on ? [...ids, m.id] : ids.filter((x) => x !== m.id)))
                }
              />
            ))}
          </div>
        </fieldset>
      )}
      <TextField label={t('maintenance.form.note')} maxLength={500} value={note} onChange={setNote} />
      <WhoFields
        legend={t('maintenance.form.whoLegend')}
        nameLabel={t('maintenance.signOff.name')}
        tokenLabel={t('maintenance.form.token')}
        name={who}
        setName={setWho}
        token={token}
        setToken={setToken}
        nameRef={nameField}
        tokenRef={tokenField}
      />
      <div className="flex flex-wrap items-center gap-3 border-t border-gray-300 pt-4 dark:border-gray-700">
        <Button type="submit" variant="primary" disabled={save.isPending}>
          {t('maintenance.form.save')}
        </Button>
        {task && (
          <Button variant="danger" onClick={removeIt} disabled={remove.isPending}>
            {t('maintenance.form.remove')}
          </Button>
        )}
        <Button onClick={onClose}>{t('maintenance.form.cancel')}</Button>
        <FormErrors
          className="basis-full"
          errors={problems.length > 0 ? problems : failed ? describeError(failed, t) : null}
        />
      </div>
    </form>
  )
}
