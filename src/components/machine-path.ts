/** The address of a machine's page, for links from every page; defined in lib, where the server's alert
 * messages take it too. */
export { machinePath } from '../lib/machine-path'
