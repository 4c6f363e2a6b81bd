#!/usr/bin/env python3
"""Checks a META.json against the PGXN Meta Spec 1.0.0 (https://pgxn.org/spec/): required keys,
their types and formats. PGXN's own validator (Perl, PGXN::Meta::Validator) is not available
offline, so this encodes the spec's rules for the keys it defines. Prints one line per problem
and exits 1 if there is any; prints "META.json: valid PGXN Meta Spec 1.0.0" otherwise."""
import json
import re
import sys

# Semantic Versioning 1.0.0, as the spec requires (no build metadata; a pre-release tag may
# follow a hyphen).
SEMVER = re.compile(r'^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z][0-9A-Za-z-]*)?$')
# A prerequisite is a version or a comma-separated list of version ranges ("0" means any).
VERSION_RANGE = re.compile(r'^\s*((==|!=|>=|<=|>|<)\s*)?(0|[0-9]+(\.[0-9]+){0,2}(-[0-9A-Za-z-]+)?)\s*$')
LICENSES = {
    'agpl_3', 'apache_1_1', 'apache_2_0', 'artistic_1', 'artistic_2', 'bsd', 'freebsd', 'gfdl_1_2',
    'gfdl_1_3', 'gpl_1', 'gpl_2', 'gpl_3', 'lgpl_2_1', 'lgpl_3_0', 'mit', 'mozilla_1_0', 'mozilla_1_1',
    'openssl', 'perl_5', 'postgresql', 'qpl_1_0', 'ssleay', 'sun', 'zlib', 'open_source', 'restricted',
    'unrestricted', 'unknown',
}
PHASES = {'configure', 'build', 'runtime', 'test', 'develop'}
RELATIONS = {'requires', 'recommends', 'suggests', 'conflicts'}
problems = []


def problem(text):
    problems.append(text)


def is_term(value):
    # "name" and extension names: at least two characters, no whitespace, slash, backslash or control.
    return isinstance(value, str) and len(value) >= 2 and not re.search(r'[\s/\\\x00-\x1f\x7f]', value)


def check_string(where, value, nonempty=True):
    if not isinstance(value, str) or (nonempty and not value.strip()):
        problem(f'{where}: expected a non-empty string, got {value!r}')


def check_url(where, value):
    if not isinstance(value, str) or not re.match(r'^[a-z][a-z0-9+.-]*://[^\s]+$', value):
        problem(f'{where}: {value!r} is not a URI')


def check_version(where, value):
    if not isinstance(value, str) or not SEMVER.match(value):
        problem(f'{where}: {value!r} is not a semantic version (like "1.2.0")')


def check(meta):
    for key in ('name', 'abstract', 'version', 'maintainer', 'license', 'provides', 'meta-spec'):
        if key not in meta:
            problem(f'missing required key "{key}"')
    if 'name' in meta and not is_term(meta['name']):
        problem(f'name: {meta["name"]!r} must be a term (2+ characters, no whitespace, slash or backslash)')
    if 'abstract' in meta:
        check_string('abstract', meta['abstract'])
    if 'description' in meta:
        check_string('description', meta['description'])
    if 'version' in meta:
        check_version('version', meta['version'])
    maintainer = meta.get('maintainer')
    if maintainer is not None:
        items = maintainer if isinstance(maintainer, list) else [maintainer]
        if not items:
            problem('maintainer: an empty list')
        for m in items:
            check_string('maintainer', m)
    lic = meta.get('license')
    if lic is not None:
        if isinstance(lic, str):
            lic = [lic]
        if isinstance(lic, list):
            for name in lic:
                if name not in LICENSES:
                    problem(f'license: {name!r} is not one of the spec\'s license strings')
        elif isinstance(lic, dict):
            for name, url in lic.items():
                check_string(f'license "{name}"', url)
        else:
            problem(f'license: expected a string, list or object, got {lic!r}')
    provides = meta.get('provides')
    if provides is not None:
        if not isinstance(provides, dict) or not provides:
            problem('provides: expected a non-empty object')
        else:
            for ext, spec in provides.items():
                if not is_term(ext):
                    problem(f'provides: {ext!r} is not a valid extension name')
                if not isinstance(spec, dict):
                    problem(f'provides.{ext}: expected an object')
                    continue
                for key in ('file', 'version'):
                    if key not in spec:
                        problem(f'provides.{ext}: missing required key "{key}"')
                if 'file' in spec:
                    check_string(f'provides.{ext}.file', spec['file'])
                if 'version' in spec:
                    check_version(f'provides.{ext}.version', spec['version'])
                for key in ('abstract', 'docfile'):
                    if key in spec:
                        check_string(f'provides.{ext}.{key}', spec[key])
    spec = meta.get('meta-spec')
    if spec is not None:
        if not isinstance(spec, dict) or spec.get('version') != '1.0.0':
            problem(f'meta-spec: expected {{"version": "1.0.0", ...}}, got {spec!r}')
        elif 'url' in spec:
            check_string('meta-spec.url', spec['url'])
    if 'tags' in meta:
        tags = meta['tags']
        if not isinstance(tags, list) or any(not isinstance(t, str) or not t or len(t) > 255 for t in tags):
            problem('tags: expected a list of strings of 1 to 255 characters')
    if 'release_status' in meta and meta['release_status'] not in ('stable', 'testing', 'unstable'):
        problem(f'release_status: {meta["release_status"]!r} is not stable, testing or unstable')
    resources = meta.get('resources', {})
    if not isinstance(resources, dict):
        problem('resources: expected an object')
        resources = {}
    for key, value in resources.items():
        if key == 'homepage':
            check_url('resources.homepage', value)
        elif key in ('bugtracker', 'repository'):
            allowed = {'bugtracker': ('web', 'mailto'), 'repository': ('url', 'web', 'type')}[key]
            if not isinstance(value, dict) or not value:
                problem(f'resources.{key}: expected an object with {" or ".join(allowed)}')
                continue
            for sub, text in value.items():
                if sub not in allowed and not sub.lower().startswith('x_'):
                    problem(f'resources.{key}: unknown key {sub!r}')
                elif sub in ('web', 'url'):
                    check_url(f'resources.{key}.{sub}', text)
                else:
                    check_string(f'resources.{key}.{sub}', text)
        elif not key.lower().startswith('x_'):
            problem(f'resources: unknown key {key!r}')
    no_index = meta.get('no_index', {})
    if not isinstance(no_index, dict):
        problem('no_index: expected an object')
        no_index = {}
    for key, value in no_index.items():
        if key not in ('file', 'directory') and not key.lower().startswith('x_'):
            problem(f'no_index: unknown key {key!r}')
        elif not isinstance(value, list) or any(not isinstance(v, str) or not v for v in value):
            problem(f'no_index.{key}: expected a list of paths')
    prereqs = meta.get('prereqs', {})
    if not isinstance(prereqs, dict):
        problem('prereqs: expected an object')
        prereqs = {}
    for phase, relations in prereqs.items():
        if phase not in PHASES or not isinstance(relations, dict):
            problem(f'prereqs: {phase!r} is not a phase with an object of relations')
            continue
        for relation, deps in relations.items():
            if relation not in RELATIONS or not isinstance(deps, dict):
                problem(f'prereqs.{phase}: {relation!r} is not a relation with an object of prerequisites')
                continue
            for name, version in deps.items():
                ranges = str(version).split(',')
                if not all(VERSION_RANGE.match(r) for r in ranges):
                    problem(f'prereqs.{phase}.{relation}.{name}: {version!r} is not a version or range')


def main(path):
    try:
        with open(path, encoding='utf-8') as f:
            meta = json.load(f)
    except (OSError, ValueError) as e:
        print(f'{path}: {e}')
        return 1
    if not isinstance(meta, dict):
        print(f'{path}: not a JSON object')
        return 1
    check(meta)
    for p in problems:
        print(f'{path}: {p}')
    if not problems:
        print(f'{path}: valid PGXN Meta Spec 1.0.0')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else 'META.json'))
