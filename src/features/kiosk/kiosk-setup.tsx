import { useId, useState } from 'react'
import { BASE_PATH } from '../../api/core/base-path'
import { useLocations } from '../../api/machines/locations'
import { REPORTS } from '../../api/reports-explorer/report-catalogue'
import { CONTROL } from '../../components/form-styles'
import { useT } from '../../components/i18n'
import { withNodes } from '../../components/message-nodes'
import { CheckboxField } from '../../components/ui/checkbox-field'
import { NumberField } from '../../components/ui/number-field'
import { SelectField } from '../../components/ui/select-field'
import { TextField } from '../../components/ui/text-field'
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../lib/i18n/translator'
import { DEFAULT_DWELL, DEFAULT_REFRESH, KIOSK_PAGES } from './kiosk-params'

/** A long option (a location's name, the default language in words) never widens the page. */
const NARROW_SELECT = {
  className: 'flex max-w-full min-w-0 flex-col',
  selectClassName: `${CONTROL} max-w-full`,
} as const

/** /kiosk without parameters: choose what the wall shows, get the address to bookmark on its PC. */
export function KioskSetup() {
  const { t } = useT()
  const named = useLocations()
  const [pages, setPages] = useState<string[]>(['status', 'threadbreaks', 'shifts'])
  const [dwell, setDwell] = useState(String(DEFAULT_DWELL))
  const [refresh, setRefresh] = useState(String(DEFAULT_REFRESH))
  const [location, setLocation] = useState('')
  const [exceptions, setExceptions] = useState(true)
  const [density, setDensity] = useState<'wall' | 'desk'>('wall')
  // the wall's language: the factory's (LANGUAGE) or its PC browser's unless one is named here
  const [language, setLanguage] = useState('')
  // the address the browser used, its base path included (behind a proxy's sub-path); another computer
  // cannot reach this one by 127.0.0.1 or localhost
  const [origin, setOrigin] = useState(`${window.location.origin}${BASE_PATH}`)
  const id = useId()
  const locations = named.locations.map((l) => [l.id, l.name] as const)
  const search = new URLSearchParams({ pages: pages.join(','), dwell, refresh })
  if (location) search.set('location', location)
  if (exceptions) search.set('exceptions', '1')
  if (density === 'desk' && pages.includes('status')) search.set('status.density', 'desk')
  search.set('theme', 'dark')
  if (isLanguage(language)) search.set('lang', language)
  const base = origin.trim().replace(/\/+$/, '')
  const address = `${base}/kiosk?${search.toString().replace(/%2C/g, ',').replace(/%2F/g, '/')}`
  const loopback = isLoopback(base)
  const toggle = (name: string, on: boolean) =>
    setPages(on ? [...pages, name] : pages.filter((p) => p !== name))
  return (
    <main className="mx-auto max-w-3xl space-y-4 p-6">
      <h1 className="text-2xl font-semibold">{t('kiosk.setup.title')}</h1>
      <p>{t('kiosk.setup.intro')}</p>
      <form className="space-y-3" aria-label={t('kiosk.setup.form')} onSubmit={(e) => e.preventDefault()}>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="font-semibold">{t('kiosk.setup.pages')}</legend>
          {Object.entries(KIOSK_PAGES).map(([name, page]) => (
            <CheckboxField
              key={name}
              label={t(page.title)}
              className="flex items-center gap-1"
              checked={pages.includes(name)}
              onChange={(on) => toggle(name, on)}
            />
          ))}
        </fieldset>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="font-semibold">{t('kiosk.setup.reports')}</legend>
          {REPORTS.map((report) => {
            const name = report.path.slice(1)
            return (
              <CheckboxField
                key={name}
                label={t(report.name)}
                className="flex items-center gap-1"
                checked={pages.includes(name)}
                onChange={(on) => toggle(name, on)}
              />
            )
          })}
        </fieldset>
        <SelectField
          id={`${id}-density`}
          label={t('kiosk.setup.density')}
          className="flex flex-col"
          selectClassName={CONTROL}
          value={density}
          onChange={(value) => setDensity(value === 'desk' ? 'desk' : 'wall')}
        >
          <option value="wall">{t('kiosk.setup.densityWall')}</option>
          <option value="desk">{t('kiosk.setup.densityDesk')}</option>
        </SelectField>
        <div className="flex flex-wrap gap-4">
          <NumberField
            id={`${id}-dwell`}
            label={t('kiosk.setup.dwell')}
            min="5"
            value={dwell}
            onChange={setDwell}
          />
          <NumberField
            id={`${id}-refresh`}
            label={t('kiosk.setup.refresh')}
            min="5"
            value={refresh}
            onChange={setRefresh}
          />
          <SelectField
            id={`${id}-location`}
            label={t('kiosk.setup.location')}
            {...NARROW_SELECT}
            value={location}
            onChange={setLocation}
          >
            <option value="">{t('kiosk.setup.allLocations')}</option>
            {locations.map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </SelectField>
          <SelectField
            id={`${id}-language`}
            label={t('kiosk.setup.language')}
            {...NARROW_SELECT}
            value={language}
            onChange={setLanguage}
          >
            <option value="">{t('kiosk.setup.languageDefault')}</option>
            {LANGUAGES.map((value) => (
              <option key={value} value={value} lang={value}>
                {LANGUAGE_NAMES[value]}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField
          label={t('kiosk.setup.exceptions')}
          className="flex items-center gap-2"
          checked={exceptions}
          onChange={setExceptions}
        />
      </form>
      <TextField
        id={`${id}-origin`}
        label={t('kiosk.setup.origin')}
        className="flex flex-col"
        inputClassName={CONTROL}
        type="url"
        value={origin}
        onChange={setOrigin}
      />
      {loopback && (
        <p role="note" className="rounded border border-amber-500 p-3">
          <span aria-hidden="true">⚠ </span>
          {t('kiosk.setup.loopback', { address: base })}
        </p>
      )}
      <div className="break-all">
        <a className="text-lg underline" href={address}>
          {address}
        </a>
      </div>
      <p className="text-sm">
        {withCode((marks) => t('kiosk.setup.filtersHelp', marks), {
          first: 'threadbreaks.range=7d',
          second: 'status.location=2',
          token: '&token=…',
        })}
      </p>
    </main>
  )
}

/** A message with address snippets (as <code>) in the places of some of its arguments. */
const withCode = (text: (marks: Record<string, string>) => string, snippets: Record<string, string>) =>
  withNodes(
    text,
    Object.fromEntries(
      Object.entries(snippets).map(([name, code]) => [name, <code key={name}>{code}</code>]),
    ),
  )

/** An address only this computer can reach (localhost, 127.x.x.x, ::1). */
export function isLoopback(origin: string): boolean {
  try {
    const host = new URL(origin).hostname
    return host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '[::1]'
  } catch {
    return false
  }
}
