import { recentList } from '../../components/recent-list'

/** Collector ids opened before, newest first: the reference has no endpoint that lists collectors. */
const collectors = recentList('stitchboard-collectors', 20)

export const recentCollectors = collectors.read
export const rememberCollector = collectors.remember
