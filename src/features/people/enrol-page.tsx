import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { useSearchParams } from 'react-router'
import { appUrl } from '../../api/core/base-path'
import { describeError, HttpError } from '../../api/core/errors'
import { useWrite } from '../../api/core/use-write'
import { enrolDevice, PEOPLE_KEY } from '../../api/people/people'
import { useT } from '../../components/i18n'
import { useMe } from '../../components/signed-in'
import { Button } from '../../components/ui/button'
import { FormErrors } from '../../components/ui/form-errors'
import { TextField } from '../../components/ui/text-field'
import { pathOfThisApp } from '../../lib/base-path'

/** /enrol: this browser becomes an enrolled device with the code a supervisor made (the QR code opens
 * this page with it). */
export function EnrolPage() {
  const { t } = useT()
  const me = useMe()
  const client = useQueryClient()
  const [search] = useSearchParams()
  const [code, setCode] = useState(search.get('code') ?? '')
  const write = useWrite({
    mutationFn: enrolDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: PEOPLE_KEY }),
  })
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) write.mutate(code.trim())
  }
  const device = write.data ?? me?.device ?? null
  // back to where the browser was sent from (a wall's page), else the device's own first page
  const next = pathOfThisApp(search.get('next'), device?.kind === 'floor' ? '/stops/explain' : '/machines')
  return (
    <section className="space-y-4 p-4" aria-labelledby="enrol-heading">
      <h1 id="enrol-heading" className="text-2xl font-semibold">
        {t('people.enrol.title')}
      </h1>
      {device && (
        <p role="status" className="max-w-2xl">
          {t(device.kind === 'floor' ? 'people.enrol.floor' : 'people.enrol.wall', { name: device.name })}{' '}
          {/* a page load: a wall's address starts the wall's own app */}
          <a className="underline" href={appUrl(next)}>
            {device.kind === 'floor' ? t('people.enrol.toStops') : t('people.enrol.toBoard')}
          </a>
        </p>
      )}
      {!write.data && (
        <form
          onSubmit={submit}
          noValidate
          className="flex max-w-md flex-col gap-3"
          aria-labelledby="enrol-heading"
        >
          <p>{t('people.enrol.intro')}</p>
          <TextField
            label={t('people.enrol.code')}
            autoComplete="one-time-code"
            inputClassName="font-mono uppercase"
            value={code}
            onChange={setCode}
          />
          <div>
            <Button type="submit" variant="primary" disabled={write.isPending || !code.trim()}>
              {t('people.enrol.submit')}
            </Button>
          </div>
          <FormErrors
            errors={
              write.error instanceof HttpError && write.error.status === 403
                ? t('people.enrol.wrong')
                : write.isError
                  ? describeError(write.error, t)
                  : null
            }
          />
        </form>
      )}
    </section>
  )
}
