import { Box, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

// The small part of markdown the legal texts need: headings, paragraphs, lists, **bold**, *italic*,
// [links](…) and > notes. Rendered to React elements (no HTML string is ever inserted), so an
// operator's file cannot inject markup or script.

type Block = { kind: 'h'; level: number; text: string } | { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] } | { kind: 'note'; text: string };

export function parseBlocks(md: string): Block[] {
  const blocks: Block[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: para.join('\n') });
    para = [];
  };
  for (const raw of md.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const h = /^(#{1,4})\s+(.*)$/.exec(line);
    const ul = /^[-*+]\s+(.*)$/.exec(line);
    const ol = /^\d+[.)]\s+(.*)$/.exec(line);
    const note = /^>\s?(.*)$/.exec(line);
    const last = blocks[blocks.length - 1];
    if (!line) flush();
    else if (h) {
      flush();
      blocks.push({ kind: 'h', level: h[1]!.length, text: h[2]! });
    } else if (ul || ol) {
      flush();
      const kind = ul ? 'ul' : 'ol';
      const item = (ul ?? ol)![1]!;
      if (last && last.kind === kind) last.items.push(item);
      else blocks.push({ kind, items: [item] });
    } else if (note) {
      flush();
      if (last && last.kind === 'note') last.text += ` ${note[1]}`;
      else blocks.push({ kind: 'note', text: note[1]! });
    } else para.push(line);
  }
  flush();
  return blocks;
}

const SAFE_HREF = /^(https?:|mailto:|tel:|\/|#)/i;

/** **bold**, *italic* and [text](href) inside one line of text. */
export function inline(text: string, key = 'i'): ReactNode[] {
  const out: ReactNode[] = [];
  const re = /\*\*(.+?)\*\*|\*(.+?)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let at = 0;
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > at) out.push(text.slice(at, m.index));
    const k = `${key}-${n++}`;
    if (m[1] !== undefined) out.push(<strong key={k}>{inline(m[1], k)}</strong>);
    else if (m[2] !== undefined) out.push(<em key={k}>{inline(m[2], k)}</em>);
    else if (SAFE_HREF.test(m[4]!))
      out.push(
        <Link key={k} href={m[4]} color="blue.700" textDecoration="underline">
          {m[3]}
        </Link>,
      );
    else out.push(m[3]);
    at = re.lastIndex;
  }
  if (at < text.length) out.push(text.slice(at));
  return out;
}

export function Markdown({ source }: { source: string }) {
  return (
    <Box display="flex" flexDirection="column" gap={3} lineHeight="tall">
      {parseBlocks(source).map((b, i) => {
        const k = `b${i}`;
        switch (b.kind) {
          case 'h':
            return (
              <Heading
                key={k}
                as={b.level === 1 ? 'h1' : b.level === 2 ? 'h2' : 'h3'}
                size={b.level === 1 ? 'xl' : b.level === 2 ? 'lg' : 'md'}
                mt={b.level === 1 ? 0 : 3}
              >
                {inline(b.text, k)}
              </Heading>
            );
          case 'ul':
          case 'ol':
            return (
              <Box key={k} as={b.kind} ps={6} display="flex" flexDirection="column" gap={1} listStyleType={b.kind === 'ul' ? 'disc' : 'decimal'}>
                {b.items.map((it, j) => (
                  <Box as="li" key={j}>
                    {inline(it, `${k}-${j}`)}
                  </Box>
                ))}
              </Box>
            );
          case 'note':
            return (
              <Box key={k} borderStartWidth="4px" borderColor="orange.400" bg="orange.50" px={4} py={2} data-testid="legal-note">
                {inline(b.text, k)}
              </Box>
            );
          default:
            return (
              <Text key={k} whiteSpace="pre-line">
                {inline(b.text, k)}
              </Text>
            );
        }
      })}
    </Box>
  );
}
