// Tests that start the app as a detached process (its own process group) take the whole group down when they
// end, so a failed run leaves no server, worker or job process behind.

/** kill -9 of the process group `pid` leads; a group that has already exited is fine. */
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}
