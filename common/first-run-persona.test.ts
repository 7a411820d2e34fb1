import { describe, expect, it } from 'vitest'
import { hasFirstRunNames, ownContactEmail, withoutFirstRunDetails } from './first-run-persona.ts'
import { SITE_DEFAULTS } from './site-defaults.ts'

const NAMES = { ownerName: 'Sam Okafor', businessName: 'Okafor Digital' }
const OWN_SOCIAL = {
  github: 'https://github.com/okafor',
  linkedin: 'https://www.linkedin.com/in/sam-okafor',
  x: '',
}

describe('withoutFirstRunDetails', () => {
  it('shows the first-run location, service area and social links while both names are the first-run ones', () => {
    expect(hasFirstRunNames(SITE_DEFAULTS)).toBe(true)
    expect(withoutFirstRunDetails(SITE_DEFAULTS)).toEqual(SITE_DEFAULTS)
  })

  it('shows none of them once the owner has saved either name of their own', () => {
    for (const names of [
      NAMES,
      { ownerName: NAMES.ownerName },
      { businessName: NAMES.businessName },
    ]) {
      const shown = withoutFirstRunDetails({ ...SITE_DEFAULTS, ...names })
      expect(shown.social, JSON.stringify(names)).toEqual({ github: '', linkedin: '', x: '' })
      expect(shown.location).toBe('')
      expect(shown.serviceArea).toBe('')
      expect(shown).toMatchObject({ ...names, tagline: SITE_DEFAULTS.tagline })
    }
  })

  it("shows the owner's own links and places, and drops a first-run link left beside them", () => {
    const shown = withoutFirstRunDetails({
      ...SITE_DEFAULTS,
      ...NAMES,
      location: 'Leeds, UK',
      serviceArea: 'Yorkshire and remote clients',
      social: { ...OWN_SOCIAL, x: SITE_DEFAULTS.social.x },
    })
    expect(shown.social).toEqual(OWN_SOCIAL)
    expect(shown.location).toBe('Leeds, UK')
    expect(shown.serviceArea).toBe('Yorkshire and remote clients')
  })
})

describe('ownContactEmail', () => {
  it("is the owner's address once they set one, and nothing while it is the first-run one", () => {
    expect(ownContactEmail(SITE_DEFAULTS)).toBeUndefined()
    expect(ownContactEmail({ ...SITE_DEFAULTS, ...NAMES })).toBeUndefined()
    expect(ownContactEmail({ email: 'sam@okafor.example' })).toBe('sam@okafor.example')
  })
})
