/** The address of a machine's page (the app's route `/machines/:machineId`), for links from every page and
 * from the server's alert messages. */
export const machinePath = (machineId: string) => `/machines/${encodeURIComponent(machineId)}`
