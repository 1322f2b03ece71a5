import { readdirSync, readFileSync } from 'node:fs'

/** The process and all its descendants, from /proc. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>()
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue
    try {
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ")"
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8')
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)])
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = []
  const visit = (pid: number) => {
    all.push(pid)
    for (const child of children.get(pid) ?? []) visit(child)
  }
  visit(root)
  return all
}

/** PSS in MB of a process tree (smaps_rollup, Linux ≥ 4.14). */
export function pssMb(root: number): number {
  let kb = 0
  for (const pid of processTree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8')
      kb += Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0)
    } catch {
      // gone meanwhile
    }
  }
  return Math.round(kb / 1024)
}
