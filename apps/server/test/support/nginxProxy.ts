/**
 * Debian's nginx in front of a test's server, with the shipped site file (deploy/nginx.conf)
 * rendered for the test's ports and a self-signed certificate: the reverse proxy operators are
 * told to run, run. nginx runs in the foreground as the current user, with its pid, temporary
 * files and logs in a directory of the test's; its error log goes to stderr.
 */
import { execFile, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const REPO = fileURLToPath(new URL('../../../../', import.meta.url));
export const SHIPPED_NGINX_SITE = path.join(REPO, 'deploy/nginx.conf');
export const SHIPPED_CADDYFILE = path.join(REPO, 'deploy/Caddyfile');

/** Hang guard for nginx's start (it is ready within milliseconds on an idle machine). */
const START_HANG_MS = 30_000;

/** Where a program is, on PATH or in the sbin directories a non-root PATH lacks. */
export function findProgram(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  return dirs
    .filter((dir) => path.isAbsolute(dir))
    .map((dir) => path.join(dir, name))
    .find((file) => existsSync(file));
}

export interface Certificate {
  certificate: string;
  key: string;
  /** The certificate itself, which clients trust as their only authority. */
  pem: string;
}

/** A self-signed certificate for 127.0.0.1, valid for a day, made with openssl in `dir`. */
export async function selfSignedCertificate(dir: string): Promise<Certificate> {
  const certificate = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  return { certificate, key, pem: readFileSync(certificate, 'utf8') };
}

export interface SiteValues {
  httpPort: number;
  httpsPort: number;
  /** The Tabula node, host:port. */
  upstream: string;
  certificate: Certificate;
}

/** Replaces `from` by `to` in `text`, which must hold it exactly `count` times. */
function replaceExactly(text: string, from: string, to: string, count: number): string {
  const found = text.split(from).length - 1;
  if (found !== count)
    throw new Error(`deploy/nginx.conf: expected '${from}' ${count} times, found ${found}`);
  return text.split(from).join(to);
}

/**
 * The shipped site file with the test's ports, node and certificate. Each replaced setting must
 * be where the file is documented to have it, so a change to the file that the test would no
 * longer cover fails here instead of passing untested.
 */
export function renderNginxSite(source: string, values: SiteValues): string {
  let site = source;
  site = replaceExactly(site, 'listen 80;', `listen 127.0.0.1:${values.httpPort};`, 1);
  site = replaceExactly(site, 'listen [::]:80;', '', 1);
  site = replaceExactly(site, 'listen 443 ssl', `listen 127.0.0.1:${values.httpsPort} ssl`, 1);
  site = replaceExactly(site, 'listen [::]:443 ssl http2;', '', 1);
  site = replaceExactly(site, 'server 127.0.0.1:3000;', `server ${values.upstream};`, 1);
  site = replaceExactly(site, 'server_name tabula.example.com;', 'server_name 127.0.0.1;', 2);
  site = replaceExactly(site, '/etc/ssl/tabula/fullchain.pem', values.certificate.certificate, 1);
  site = replaceExactly(site, '/etc/ssl/tabula/privkey.pem', values.certificate.key, 1);
  return site;
}

/** The main configuration around the site: what Debian's /etc/nginx/nginx.conf provides. */
function mainConfig(dir: string, sitePath: string): string {
  const temp = (name: string) => path.join(dir, name);
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${temp('nginx.pid')};`,
    'error_log stderr notice;',
    // As root nginx would hand its workers to "nobody", who cannot enter the test's directory.
    process.getuid?.() === 0 ? 'user root;' : '',
    'events { worker_connections 256; }',
    'http {',
    `  access_log ${temp('access.log')};`,
    `  client_body_temp_path ${temp('client_body')};`,
    `  proxy_temp_path ${temp('proxy')};`,
    `  fastcgi_temp_path ${temp('fastcgi')};`,
    `  uwsgi_temp_path ${temp('uwsgi')};`,
    `  scgi_temp_path ${temp('scgi')};`,
    `  include ${sitePath};`,
    '}',
    '',
  ].join('\n');
}

export interface Nginx {
  /** What nginx wrote to stderr so far (its error log). */
  output(): string;
  stop(): Promise<void>;
}

/** Starts `binary` with `site` (an http-level file) in `dir`; ready once its worker runs. */
export function startNginx(binary: string, dir: string, site: string): Promise<Nginx> {
  const sitePath = path.join(dir, 'tabula.conf');
  const configPath = path.join(dir, 'nginx.conf');
  writeFileSync(sitePath, site);
  writeFileSync(configPath, mainConfig(dir, sitePath));
  const child = spawn(binary, ['-p', dir, '-c', configPath, '-e', 'stderr'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const nginx: Nginx = { output: () => output, stop: () => stop(child) };
  return new Promise((resolve, reject) => {
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`nginx did not start within ${START_HANG_MS} ms:\n${output}`));
    }, START_HANG_MS);
    const onData = () => {
      if (!/start worker process/.test(output)) return;
      clearTimeout(guard);
      child.stderr!.off('data', onData);
      child.off('exit', onExit);
      resolve(nginx);
    };
    const onExit = (code: number | null, signal: string | null) => {
      clearTimeout(guard);
      reject(new Error(`nginx exited (${signal ?? code}) before it served:\n${output}`));
    };
    child.stderr!.on('data', onData);
    child.once('exit', onExit);
  });
}

/** A fast shutdown (SIGTERM), waiting for the master to exit. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}
