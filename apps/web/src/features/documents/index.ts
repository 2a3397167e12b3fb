/** Documents of content items: staff's attach control and what students see (public entry of the feature). */
export { DOCUMENT_TEXTS, DocumentLink, DocumentSection, describeDocument } from './DocumentSection.tsx';
