/**
 * Why the server could not listen, as one line an operator can act on, with its exit code in the
 * manner of sysexits.h (decision 0003); undefined for a cause not named here, which is thrown as is.
 */
export function listenFailure(code: unknown, { port, host }: { port: number; host: string }): { message: string; exitCode: number } | undefined {
  switch (code) {
    case 'EADDRINUSE':
      return { message: `PORT ${port} is already in use on ${host}: stop what listens there (another Bloom?) or set another PORT`, exitCode: 71 };
    case 'EACCES':
    case 'EPERM':
      // 77 EX_NOPERM. Ports below 1024 need root or CAP_NET_BIND_SERVICE on Linux.
      return {
        message: `PORT ${port} on ${host} may not be used by this process (${code}): ports below 1024 need extra rights; set PORT to 1024 or above and let a proxy or load balancer listen on ${port}`,
        exitCode: 77,
      };
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return {
        message: `HOST ${host} cannot be resolved (${code}): set an address of this machine (0.0.0.0 for all of them, 127.0.0.1 for this machine only) or a name that resolves to one`,
        exitCode: 68,
      };
    case 'EADDRNOTAVAIL':
      return { message: `HOST ${host} is not an address of this machine: set one of its addresses, or 0.0.0.0 for all of them`, exitCode: 68 };
    default:
      return undefined;
  }
}
