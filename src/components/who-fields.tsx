import { type RefObject, useId } from 'react'
import { KeptAs, SignInFirst, useMe } from './signed-in'
import { HINT_TEXT } from './ui/field-styles'
import { FormErrors } from './ui/form-errors'
import { TextField } from './ui/text-field'

/** The longest name the server takes for who made a change (server/stops/settings.ts personName). */
export const MAX_WHO_NAME = 60

/** Who makes a change on a settings page: the signed-in person (the page says whose name it is kept
 * under), or, before stitchboard has accounts, the name its log keeps and the admin token. `hint` (below
 * them, describing the name) says what the name is for; `error` says what is missing. */
export function WhoFields({
  legend,
  nameLabel,
  tokenLabel,
  hint,
  error,
  name,
  setName,
  token,
  setToken,
  nameRef,
  tokenRef,
  className = 'flex min-w-0 flex-wrap items-end gap-3',
  legendClassName = 'mb-2 font-semibold',
}: {
  legend: string
  nameLabel: string
  tokenLabel: string
  hint?: string
  error?: string | null
  name: string
  setName: (name: string) => void
  token: string
  setToken: (token: string) => void
  nameRef: RefObject<HTMLInputElement | null>
  tokenRef?: RefObject<HTMLInputElement | null>
  className?: string
  legendClassName?: string
}) {
  const hintId = useId()
  const me = useMe()
  if (me?.person)
    return (
      <fieldset className={className}>
        <legend className={legendClassName}>{legend}</legend>
        <KeptAs me={{ ...me, person: me.person }} />
        <FormErrors errors={error} className="basis-full" />
      </fieldset>
    )
  if (me?.accounts)
    return (
      <fieldset className={className}>
        <legend className={legendClassName}>{legend}</legend>
        <SignInFirst />
      </fieldset>
    )
  return (
    <fieldset className={className}>
      <legend className={legendClassName}>{legend}</legend>
      <TextField
        ref={nameRef}
        label={nameLabel}
        value={name}
        maxLength={MAX_WHO_NAME}
        autoComplete="name"
        describedBy={hint ? hintId : undefined}
        onChange={setName}
      />
      <TextField
        ref={tokenRef}
        label={tokenLabel}
        type="password"
        autoComplete="current-password"
        value={token}
        onChange={setToken}
      />
      {hint && (
        <p id={hintId} className={`basis-full ${HINT_TEXT}`}>
          {hint}
        </p>
      )}
      <FormErrors errors={error} className="basis-full" />
    </fieldset>
  )
}
