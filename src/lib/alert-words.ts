export type { AlertWhat } from './domain'

import type { AlertWhat } from './domain'
import { roughDurationInWords } from './duration'
import type { Translator } from './i18n/translator'
import { machinePath } from './machine-path'
import { codeWords, STATE_KEYS } from './machine-state'
import { placeName } from './place-name'
import { meaningLabel } from './status-codes'

/** Short, for a title: "Thread break", "Head 3 · needle 7", "Head 2". */
export function alertCause(what: AlertWhat, t: Translator['t']): string {
  switch (what.rule) {
    case 'state':
      return stateWords(what, t)
    case 'head-breaks':
      return t('app.alert.headNeedle', { head: what.head, needle: what.needle })
    case 'hot-spot': {
      const place = placeName(what, t)
      return place.charAt(0).toUpperCase() + place.slice(1)
    }
    case 'screens':
      return t('app.alert.screenCause')
    case 'orders':
      return t(what.late ? 'app.alert.orderLateCause' : 'app.alert.orderAtRiskCause')
    case 'maintenance':
      return t('app.alert.maintenanceCause')
  }
}

/** One sentence of what is wrong, ending where its time follows ("…: stopped since"). */
export function alertDetail(what: AlertWhat, machine: string, t: Translator['t']): string {
  switch (what.rule) {
    case 'state':
      return t(what.atLeast ? 'app.alert.stateSinceAtLeast' : 'app.alert.stateSince', {
        machine,
        state: stateWords(what, t),
      })
    case 'head-breaks':
      return t('app.alert.headBreaks', {
        machine,
        count: what.inARow,
        place: placeName(what, t),
      })
    case 'hot-spot':
      return t('app.alert.hotSpot', {
        machine,
        place: placeName(what, t),
        count: what.count,
        ratio: Math.round(what.ratio * 10) / 10,
      })
    case 'screens':
      return what.location === null
        ? t('app.alert.screenSilent', { screen: machine })
        : t('app.alert.screenSilentIn', { screen: machine, location: what.location })
    case 'orders':
      return what.late
        ? t('app.alert.orderLate', {
            order: machine,
            customer: what.customer,
            late: roughDurationInWords(Math.max(0, -what.marginMinutes) * 60),
          })
        : t('app.alert.orderAtRisk', {
            order: machine,
            customer: what.customer,
            spare: roughDurationInWords(Math.max(0, what.marginMinutes) * 60),
          })
    case 'maintenance':
      return what.heads === null
        ? t('app.alert.maintenance', { machine, task: what.task })
        : t('app.alert.maintenanceHeads', { machine, task: what.task, heads: what.heads })
  }
}

/** Where an alert is looked into: its machine's page; a wall screen's, the list of devices. */
export const alertPath = (alert: { rule: string; machineId: string }) =>
  alert.rule === 'screens'
    ? '/devices'
    : alert.rule === 'orders'
      ? '/orders'
      : alert.rule === 'maintenance'
        ? '/maintenance'
        : machinePath(alert.machineId)

function stateWords(what: Extract<AlertWhat, { rule: 'state' }>, t: Translator['t']): string {
  if (what.state === 'unknown') return codeWords(what.code, t)
  if (what.state !== 'not-reporting' && (what.label !== null || what.words))
    return meaningLabel(
      { state: what.state, label: what.label, ...(what.words ? { words: what.words } : {}) },
      t,
    )
  return t(STATE_KEYS[what.state])
}
