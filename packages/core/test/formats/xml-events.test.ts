// The small XML reader under the webpbn format: events in order with their lines, and a
// located message for each way XML can be malformed.
import { describe, expect, it } from 'vitest';
import { readXmlEvents } from '../../src/formats/xml-events.js';

function events(text: string): string[] {
  const out: string[] = [];
  readXmlEvents(
    text,
    {
      open: (name, attributes, line) => out.push(`${line}:<${name}${Object.entries(attributes).map(([k, v]) => ` ${k}=${v}`).join('')}>`),
      text: (t, line) => t.trim() !== '' && out.push(`${line}:${t.trim()}`),
      close: (name, line) => out.push(`${line}:</${name}>`),
    },
    (message, line) => {
      throw new Error(`${line}: ${message}`);
    },
  );
  return out;
}

describe('readXmlEvents', () => {
  it('reads elements, attributes in both quotes, entities, CDATA and self-closing tags, skipping prolog, DOCTYPE and comments', () => {
    const text = `<?xml version="1.0"?>
<!DOCTYPE pbn SYSTEM "x.dtd" [ <!ENTITY e "v"> ]>
<!-- a comment
over two lines -->
<a x="1 &amp; 2" y='&#65;&#x42;'>
  fish &lt;&gt; &quot;chips&apos;<b/>
  <![CDATA[<raw> & ]]>
</a>
`;
    expect(events(text)).toEqual(['5:<a x=1 & 2 y=AB>', '5:fish <> "chips\'', '6:<b>', '6:</b>', '7:<raw> &', '8:</a>']);
  });

  const broken: [string, string, RegExp][] = [
    ['mismatched close', '<a>\n<b>\n</a>', /^3: <\/a> where <b> \(line 2\) should close first$/],
    ['never closed', '<a>\n<b></b>\n', /^3: <a> \(line 1\) is never closed$/],
    ['closes nothing', '<a></a>\n</b>', /^2: <\/b> closes nothing$/],
    ['second root', '<a/>\n<b/>', /^2: a second root element <b>$/],
    ['text outside', '<a/>\nhello', /^2: text outside the root element: "hello"$/],
    ['bare ampersand', '<a>\nfish & chips</a>', /^2: a "&" that starts no entity/],
    ['unknown entity', '<a>&nbsp;</a>', /^1: unknown entity &nbsp;$/],
    ['control character reference', '<a>&#1;</a>', /^1: unknown entity &#1;$/],
    ['unquoted attribute', '<a\nx=1></a>', /^2: attribute x of <a> needs a quoted value$/],
    ['attribute twice', '<a x="1" x="2"></a>', /^1: attribute x twice in <a>$/],
    ['attribute without a value', '<a x></a>', /^1: attribute x of <a> has no value$/],
    ['lone "<"', '<a> 1 < 2 </a>', /^1: a "<" that starts no tag/],
    ['unclosed comment', '<a>\n<!-- no end</a>', /^2: a comment is never closed$/],
    ['nothing', '  \n', /no element at all/],
  ];
  it.each(broken)('%s', (_name, text, message) => {
    expect(() => events(text)).toThrow(message);
  });
});
