import type { infoEn } from '../en/info';
import type { Catalog } from '../shape';

/* L’onglet d’information. */
export const infoFr: Catalog<typeof infoEn> = {
  info: {
    description: 'Description',
    noDescription: 'L’éditeur n’a donné aucune description.',
    metadata: 'Métadonnées',
    fields: 'Champs ({{count, number}})',
    attachments: 'Pièces jointes',
    attachmentsFailed: 'Les pièces jointes n’ont pas pu être listées',
    loadingAttachments: 'Chargement des pièces jointes…',
    noAttachments: 'Ce jeu de données n’a pas de pièce jointe.',
    meta: {
      publisher: 'Éditeur',
      license: 'Licence',
      references: 'Références',
      records: 'Enregistrements',
      modified: 'Modifié le',
      language: 'Langue',
      themes: 'Thèmes',
      keywords: 'Mots-clés',
      timeZone: 'Fuseau horaire',
      identifier: 'Identifiant',
    },
    columns: {
      label: 'Libellé',
      name: 'Nom',
      type: 'Type',
      description: 'Description',
      annotations: 'Annotations',
    },
  },
};
