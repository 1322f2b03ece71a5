/** The address of a machine's page (the app's route `/machines/:machineId`), for links from every page. */
export const machinePath = (machineId: string) => `/machines/${encodeURIComponent(machineId)}`
