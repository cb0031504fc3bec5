import t from 'tap';
import { detectFileType, DOCX, ODS, ODT, PPTX, XLSX } from '../../shared/rules/file-type.ts';
import { storedZip } from '../helpers/document-factories.ts';

// Office documents are ZIP archives: they are told apart by the parts their first local headers
// name (Office Open XML) or by their `mimetype` entry (OpenDocument); any other ZIP is refused.

const ooxml = (folder: string) =>
  storedZip([
    { name: '[Content_Types].xml', data: '<Types/>' },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: `${folder}/main.xml`, data: '<x/>' },
  ]);

t.equal(detectFileType(ooxml('word')), DOCX);
t.equal(detectFileType(ooxml('xl')), XLSX);
t.equal(detectFileType(ooxml('ppt')), PPTX);
t.equal(
  detectFileType(
    storedZip([
      { name: 'mimetype', data: ODT },
      { name: 'content.xml', data: '<x/>' },
    ]),
  ),
  ODT,
);
t.equal(detectFileType(storedZip([{ name: 'mimetype', data: ODS }])), ODS);
t.equal(
  detectFileType(storedZip([{ name: 'mimetype', data: 'application/epub+zip' }])),
  null,
  'another OpenDocument-like archive is refused',
);
t.equal(
  detectFileType(storedZip([{ name: 'word/document.xml', data: '<x/>' }])),
  null,
  'no content types: refused',
);
t.equal(detectFileType(storedZip([{ name: 'notes.txt', data: 'hi' }])), null, 'a plain ZIP is refused');
t.equal(detectFileType(Buffer.from('PK\u0003\u0004')), null, 'a truncated header is refused');
t.equal(detectFileType(Buffer.from('%PDF-1.7\n')), 'application/pdf', 'PDFs as before');
