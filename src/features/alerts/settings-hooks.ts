import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { alertSettingsQueryOptions, saveAlertSettings } from '../../api/alerts/alert-settings'
import { useWrite } from '../../api/core/use-write'
import { keepAdminToken, storedAdminToken } from '../../components/admin-token'
import { type Draft, settingsInput } from './settings-draft'

/** The token typed on the page, starting from the one this tab last saved with. */
export const useAdminToken = () => useState(storedAdminToken)

/** Saves the draft with the admin token; the answer is the saved settings. The page's settings take them
 * at once and are fetched again, as the channels' health and the alarm load may have changed. */
export function useSaveSettings() {
  const client = useQueryClient()
  return useWrite({
    mutationFn: ({ draft, token }: { draft: Draft; token: string }) =>
      saveAlertSettings(settingsInput(draft), token),
    onSuccess: (saved, { token }) => {
      if (token) keepAdminToken(token)
      const { queryKey } = alertSettingsQueryOptions()
      client.setQueryData(queryKey, (page) => page && { ...page, settings: saved })
      // awaited: the save is done once the page shows the server's view again
      return client.invalidateQueries({ queryKey })
    },
  })
}
