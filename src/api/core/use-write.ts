import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'

/** A write's options: what it sends, and what follows its success (awaited before the write is done). */
export interface WriteOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>
  onSuccess?: (data: TData, variables: TVariables) => unknown
}

/** What a form shows of its write, and how it starts one. */
export interface Write<TData, TVariables> {
  mutate: (variables: TVariables, callbacks?: { onSuccess?: (data: TData) => void }) => void
  isPending: boolean
  isSuccess: boolean
  isError: boolean
  error: unknown
  data: TData | undefined
}

type State<TData> =
  | { status: 'idle' | 'pending'; data?: undefined; error?: undefined }
  | { status: 'success'; data: TData; error?: undefined }
  | { status: 'error'; data?: undefined; error: unknown }

/**
 * A write through React Query's mutation cache (each write a Mutation there, with the cache's
 * callbacks), holding the state its form shows; only the latest write of a form speaks.
 *
 * Why not `useMutation`: importing React Query's MutationObserver from a lazily loaded page makes the
 * bundler move the shell's React Query and zod into a chunk of their own, which costs every route about
 * 1 KiB of first-load JavaScript and took three routes over the 130 KiB budget (bench:bundle). The
 * mutation cache itself is in the shell already.
 */
export function useWrite<TData, TVariables>(
  options: WriteOptions<TData, TVariables>,
): Write<TData, TVariables> {
  const client = useQueryClient()
  const [state, setState] = useState<State<TData>>({ status: 'idle' })
  const latest = useRef({ options, write: 0 })
  // the options of the last render, for a write started after it (not written during render)
  useLayoutEffect(() => {
    latest.current.options = options
  })
  const mutate = useCallback(
    (variables: TVariables, callbacks?: { onSuccess?: (data: TData) => void }) => {
      const write = ++latest.current.write
      const { mutationFn, onSuccess } = latest.current.options
      setState({ status: 'pending' })
      const mutation = client.getMutationCache().build<TData, unknown, TVariables, unknown>(client, {
        mutationFn,
        ...(onSuccess ? { onSuccess: (data: TData, sent: TVariables) => onSuccess(data, sent) } : {}),
      })
      mutation.execute(variables).then(
        (data) => {
          if (write !== latest.current.write) return
          setState({ status: 'success', data })
          callbacks?.onSuccess?.(data)
        },
        (error: unknown) => {
          if (write === latest.current.write) setState({ status: 'error', error })
        },
      )
    },
    [client],
  )
  return {
    mutate,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
    error: state.error,
    data: state.data,
  }
}
