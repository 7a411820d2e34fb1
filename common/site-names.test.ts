import { describe, expect, it } from 'vitest'
import { fillSiteNames, fillSiteNamesIn } from './site-names.ts'

const names = {
  ownerName: 'Sam Okafor',
  businessName: 'Okafor Digital',
  location: 'Leeds, UK',
  foundingYear: 2021,
}

describe('fillSiteNames', () => {
  it('fills every placeholder from the settings', () => {
    expect(
      fillSiteNames('I’m {ownerName} of {businessName}, {location}, since {foundingYear}.', names),
    ).toBe('I’m Sam Okafor of Okafor Digital, Leeds, UK, since 2021.')
  })

  it('leaves other braces and plain text as written', () => {
    expect(fillSiteNames('{owner} {ownerName}{ownerName} {}', names)).toBe(
      '{owner} Sam OkaforSam Okafor {}',
    )
  })
})

describe('fillSiteNamesIn', () => {
  it('fills strings inside objects and arrays and keeps other values', () => {
    expect(
      fillSiteNamesIn({ heading: 'Hi, {ownerName}', list: [{ text: '{location}' }], n: 3 }, names),
    ).toEqual({ heading: 'Hi, Sam Okafor', list: [{ text: 'Leeds, UK' }], n: 3 })
  })
})

describe('fillSiteNames with a value left out', () => {
  const withoutPlace = { ...names, location: '' }

  it('drops the placeholder and the word introducing it, leaving the sentence whole', () => {
    expect(
      fillSiteNames(
        '{ownerName} is a developer in {location}, building sites. A studio in {location}. Clients outside {location}?',
        withoutPlace,
      ),
    ).toBe('Sam Okafor is a developer, building sites. A studio. Clients?')
  })

  it('keeps the introducing word when the value is there', () => {
    expect(fillSiteNames('A studio in {location}.', names)).toBe('A studio in Leeds, UK.')
  })
})
