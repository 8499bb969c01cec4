/* The information tab. */
export const infoEn = {
  info: {
    description: 'Description',
    noDescription: 'The publisher gave no description.',
    metadata: 'Metadata',
    fields: 'Fields ({{count, number}})',
    attachments: 'Attachments',
    attachmentsFailed: 'Attachments could not be listed',
    loadingAttachments: 'Loading attachments…',
    noAttachments: 'This dataset has no attachments.',
    meta: {
      publisher: 'Publisher',
      license: 'License',
      references: 'References',
      records: 'Records',
      modified: 'Modified',
      language: 'Language',
      themes: 'Themes',
      keywords: 'Keywords',
      timeZone: 'Time zone',
      identifier: 'Identifier',
    },
    columns: {
      label: 'Label',
      name: 'Name',
      type: 'Type',
      description: 'Description',
      annotations: 'Annotations',
    },
  },
} as const;
