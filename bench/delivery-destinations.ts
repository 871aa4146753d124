import 'reflect-metadata';
import { startFtpServer, startTestS3 } from '@app/testing';

/**
 * The delivery benchmark's servers in a process of their own: the test S3 the services read the
 * pictures from (and the robots download them from) and the FTP server the worker delivers to.
 * Apart from the benchmark's process (the robots, the enqueueing admin), so each one's CPU is
 * measured alone and neither waits for the other's event loop. Prints one JSON line with where
 * they are, and stops both on SIGTERM.
 */
async function main(): Promise<void> {
  const [s3, ftp] = await Promise.all([startTestS3(), startFtpServer({ user: process.env.BENCH_FTP_USER ?? 'bench', password: process.env.BENCH_FTP_PASSWORD ?? 'bench' })]);
  process.on('SIGTERM', () => {
    void Promise.allSettled([ftp.close(), s3.close()]).then(() => process.exit(0));
  });
  process.stdout.write(
    `${JSON.stringify({ s3: { endpoint: s3.endpoint, accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, directory: s3.directory }, ftp: { port: ftp.port, root: ftp.root } })}\n`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
