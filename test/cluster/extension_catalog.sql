-- Everything the installed uidext defines, as sorted text without OIDs, so two installs can be
-- diffed: its members, function definitions (volatility, strictness, parallel safety,
-- leakproof, cost), types, operators, casts, operator classes and families with their
-- operators and support functions, event triggers, comments and privileges; member schemas and
-- tables with their columns, constraints, indexes, row-level security and policies.
-- psql -v ext=NAME for another extension (uidext_compat, uidext_migrate); uidext by default.
\if :{?ext}
\else
\set ext uidext
\endif
WITH ext AS (SELECT * FROM pg_extension WHERE extname = :'ext'),
members AS (
    SELECT classid, objid, objsubid FROM pg_depend
    WHERE refclassid = 'pg_extension'::regclass AND refobjid = (SELECT oid FROM ext) AND deptype = 'e')
SELECT line FROM (
    SELECT format('extension version=%s relocatable=%s schema=%s config=%s', extversion, extrelocatable,
                  extnamespace::regnamespace, extconfig) AS line FROM ext
    UNION ALL
    SELECT format('member %s -- %s', pg_describe_object(classid, objid, objsubid),
                  coalesce(obj_description(objid, classid::regclass::text), '(no comment)')) FROM members
    UNION ALL
    SELECT format('function %s owner-is-extension-owner=%s acl=%s',
                  CASE WHEN p.prokind = 'a' THEN format('aggregate %s transfn=%s combinefn=%s finalfn=%s sortop=%s transtype=%s kind=%s parallel=%s',
                          p.oid::regprocedure, a.aggtransfn::regprocedure, a.aggcombinefn::regprocedure, a.aggfinalfn::regprocedure,
                          a.aggsortop::regoperator, a.aggtranstype::regtype, a.aggkind, p.proparallel)
                       ELSE replace(pg_get_functiondef(p.oid), E'\n', ' ') END,
                  p.proowner = (SELECT extowner FROM ext), p.proacl)
    FROM pg_proc p JOIN members m ON m.classid = 'pg_proc'::regclass AND m.objid = p.oid
    LEFT JOIN pg_aggregate a ON a.aggfnoid = p.oid
    UNION ALL
    SELECT format('type %s len=%s byval=%s align=%s storage=%s category=%s preferred=%s in=%s out=%s recv=%s send=%s analyze=%s subscript=%s elem=%s array=%s collation=%s acl=%s',
                  t.oid::regtype, typlen, typbyval, typalign, typstorage, typcategory, typispreferred,
                  typinput::regprocedure, typoutput::regprocedure, typreceive::regprocedure, typsend::regprocedure,
                  typanalyze::regprocedure, typsubscript::regprocedure, typelem::regtype, typarray::regtype, typcollation, typacl)
    FROM pg_type t JOIN members m ON m.classid = 'pg_type'::regclass AND m.objid = t.oid
    UNION ALL
    SELECT format('operator %s result=%s code=%s commutator=%s negator=%s restrict=%s join=%s merges=%s hashes=%s',
                  o.oid::regoperator, oprresult::regtype, oprcode::regprocedure, oprcom::regoperator, oprnegate::regoperator,
                  oprrest::regprocedure, oprjoin::regprocedure, oprcanmerge, oprcanhash)
    FROM pg_operator o JOIN members m ON m.classid = 'pg_operator'::regclass AND m.objid = o.oid
    UNION ALL
    SELECT format('cast %s -> %s function=%s context=%s method=%s', format_type(castsource, NULL), format_type(casttarget, NULL),
                  castfunc::regprocedure, castcontext, castmethod)
    FROM pg_cast c JOIN members m ON m.classid = 'pg_cast'::regclass AND m.objid = c.oid
    UNION ALL
    SELECT format('opclass %s using %s for %s default=%s family=%s key=%s', opcname, am.amname, opcintype::regtype,
                  opcdefault, f.opfname, opckeytype::regtype)
    FROM pg_opclass c JOIN pg_am am ON am.oid = c.opcmethod JOIN pg_opfamily f ON f.oid = c.opcfamily
    JOIN members m ON m.classid = 'pg_opclass'::regclass AND m.objid = c.oid
    UNION ALL
    SELECT format('amop %s using %s strategy=%s (%s,%s) %s purpose=%s sortfamily=%s', f.opfname, am.amname, amopstrategy,
                  amoplefttype::regtype, amoprighttype::regtype, amopopr::regoperator, amoppurpose, amopsortfamily)
    FROM pg_amop a JOIN pg_opfamily f ON f.oid = a.amopfamily JOIN pg_am am ON am.oid = f.opfmethod
    WHERE f.oid IN (SELECT objid FROM members WHERE classid = 'pg_opfamily'::regclass)
       OR f.oid IN (SELECT opcfamily FROM pg_opclass WHERE oid IN (SELECT objid FROM members WHERE classid = 'pg_opclass'::regclass))
    UNION ALL
    SELECT format('amproc %s using %s number=%s (%s,%s) %s', f.opfname, am.amname, amprocnum,
                  amproclefttype::regtype, amprocrighttype::regtype, amproc::regprocedure)
    FROM pg_amproc a JOIN pg_opfamily f ON f.oid = a.amprocfamily JOIN pg_am am ON am.oid = f.opfmethod
    WHERE f.oid IN (SELECT objid FROM members WHERE classid = 'pg_opfamily'::regclass)
       OR f.oid IN (SELECT opcfamily FROM pg_opclass WHERE oid IN (SELECT objid FROM members WHERE classid = 'pg_opclass'::regclass))
    UNION ALL
    SELECT format('event trigger %s on %s tags=%s enabled=%s function=%s owner-is-superuser=%s', evtname, evtevent, evttags,
                  evtenabled, evtfoid::regprocedure, (SELECT rolsuper FROM pg_roles WHERE oid = evtowner))
    FROM pg_event_trigger e JOIN members m ON m.classid = 'pg_event_trigger'::regclass AND m.objid = e.oid
    UNION ALL
    SELECT format('schema %s owner-is-superuser=%s acl=%s', n.nspname, (SELECT rolsuper FROM pg_roles WHERE oid = n.nspowner), n.nspacl)
    FROM pg_namespace n JOIN members m ON m.classid = 'pg_namespace'::regclass AND m.objid = n.oid
    UNION ALL
    SELECT format('relation %s kind=%s rowsecurity=%s forcerowsecurity=%s owner-is-superuser=%s acl=%s', c.oid::regclass, c.relkind,
                  c.relrowsecurity, c.relforcerowsecurity, (SELECT rolsuper FROM pg_roles WHERE oid = c.relowner), c.relacl)
    FROM pg_class c JOIN members m ON m.classid = 'pg_class'::regclass AND m.objid = c.oid
    UNION ALL
    SELECT format('column %s.%s %s notnull=%s default=%s acl=%s', a.attrelid::regclass, a.attname, format_type(a.atttypid, a.atttypmod),
                  a.attnotnull, pg_get_expr(d.adbin, d.adrelid), a.attacl)
    FROM pg_attribute a JOIN members m ON m.classid = 'pg_class'::regclass AND m.objid = a.attrelid
    LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT format('constraint %s %s %s', co.conrelid::regclass, co.conname, pg_get_constraintdef(co.oid))
    FROM pg_constraint co JOIN members m ON m.classid = 'pg_class'::regclass AND m.objid = co.conrelid
    UNION ALL
    SELECT format('index %s', pg_get_indexdef(i.indexrelid))
    FROM pg_index i JOIN members m ON m.classid = 'pg_class'::regclass AND m.objid = i.indrelid
    UNION ALL
    SELECT format('policy %s on %s cmd=%s permissive=%s roles=%s using=%s check=%s', p.polname, p.polrelid::regclass, p.polcmd,
                  p.polpermissive, p.polroles::regrole[], pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
    FROM pg_policy p JOIN members m ON m.classid = 'pg_class'::regclass AND m.objid = p.polrelid
) s
ORDER BY line;
