import { eq } from 'drizzle-orm';
import type { ContactInput } from '../../../shared/contact.js';
import type { Db } from '../../db/client.js';
import { contactMessages } from '../../db/schema.js';

export function createContactRepository(db: Db) {
  return {
    async insert(input: Omit<ContactInput, 'website'>): Promise<string> {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...input, phone: input.phone || null, company: input.company || null })
        .returning({ id: contactMessages.id });
      return row!.id;
    },
    async markDelivered(id: string): Promise<void> {
      await db.update(contactMessages).set({ deliveredAt: new Date() }).where(eq(contactMessages.id, id));
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
