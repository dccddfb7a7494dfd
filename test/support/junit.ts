import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { XmlDocument, XsdValidator } from 'libxml2-wasm';

const XSD = join(import.meta.dirname, '..', '..', 'schema', 'junit.xsd');

/** Throws unless the XML is well-formed and valid against schema/junit.xsd (real libxml2). */
export function validateJunit(xml: string): void {
  validateJunitWith(readFileSync(XSD, 'utf8'), xml);
}

/** Throws unless the XML is well-formed and valid against this XSD (real libxml2). */
export function validateJunitWith(xsd: string, xml: string): void {
  using schema = XmlDocument.fromString(xsd);
  using validator = XsdValidator.fromDoc(schema);
  using doc = XmlDocument.fromString(xml);
  validator.validate(doc);
}
