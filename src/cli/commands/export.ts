import { writeFileAtomic } from '../../interop/fs-write.js';
import { withSalience } from '../../lifecycle/salience.js';
import { type Command, Option } from 'commander';
import { withProfile } from '../context.js';
import { println } from '../output.js';

interface Opts {
  out?: string;
  format: 'json' | 'markdown' | 'openclaw' | 'threews';
  flavor: 'mnemo' | 'claude';
}

export function registerExport(program: Command): void {
  program
    .command('export')
    .description('export the profile: versioned JSON (round-trips exactly) or Markdown memory files')
    .option('--out <path>', 'file (json) or folder (markdown) to write; default stdout')
    .addOption(new Option('--format <format>', 'output format: json, markdown, openclaw (MEMORY.md + memory/YYYY-MM-DD.md) or threews (one JSON document: files + timeline)').choices(['json', 'markdown', 'openclaw', 'threews']).default('json'))
    .addOption(new Option('--flavor <flavor>', 'markdown types: mnemo or Claude Code').choices(['mnemo', 'claude']).default('mnemo'))
    .addHelpText('after', '\nExamples:\n  mnemo export --out backup.json\n  mnemo export --format markdown --out ./memory')
    .action(async (opts: Opts, cmd: Command) => {
      await withProfile(cmd, async (profile, g) => {
        const doc = await profile.export();
        if (opts.format === 'json') {
          const text = JSON.stringify(doc, null, 2) + '\n';
          if (!opts.out) return void process.stdout.write(text);
          await writeFileAtomic(opts.out, text); // a crash or a full disk never leaves half a backup
          return report(g.json, { out: opts.out, messages: doc.messages.length, memories: doc.memories.length });
        }
        if (opts.format === 'threews') {
          const blob = (await import('../../interop/threews.js')).renderThreeWs(doc.memories);
          const text = `${JSON.stringify(blob, null, 2)}\n`;
          if (!opts.out) return void process.stdout.write(text);
          await writeFileAtomic(opts.out, text);
          return report(g.json, { out: opts.out, memories: Object.keys(blob.files).length + blob.timeline.length });
        }
        if (opts.format === 'openclaw') {
          const oc = await import('../../interop/openclaw/export.js');
          if (!opts.out) {
            for (const [file, text] of oc.renderOpenClawWorkspace(doc.memories)) process.stdout.write(`<!-- file: ${file} -->\n${text}\n`);
            return;
          }
          const res = await oc.exportOpenClaw(doc.memories, opts.out);
          return report(g.json, { out: opts.out, files: res.files.length, memories: doc.memories.filter((m) => m.status === 'active').length });
        }
        const md = await import('../../interop/markdown/index.js');
        // The frontmatter shows each memory's salience as of now (computed, not stored).
        const settings = await profile.lifecycleSettings();
        const now = new Date();
        doc.memories = doc.memories.map((m) => withSalience(m, settings, now));
        if (!opts.out) {
          for (const [file, text] of md.renderMarkdownExport(doc.memories, { flavor: opts.flavor }).files) {
            process.stdout.write(`<!-- file: ${file} -->\n${text.endsWith('\n') ? text : text + '\n'}\n`);
          }
          return;
        }
        const res = await md.exportMarkdown(doc.memories, opts.out, { flavor: opts.flavor });
        report(g.json, { out: opts.out, files: res.files.length + 1 + res.timeline.length, memories: res.files.length });
      });
    });
}

function report(json: boolean, info: { out: string; memories: number; messages?: number; files?: number }): void {
  if (json) return println(JSON.stringify(info));
  const parts = [`${info.memories} memories`, ...(info.messages !== undefined ? [`${info.messages} messages`] : []), ...(info.files !== undefined ? [`${info.files} files`] : [])];
  process.stderr.write(`exported ${parts.join(', ')} to ${info.out}\n`);
}
